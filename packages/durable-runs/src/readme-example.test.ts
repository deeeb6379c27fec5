import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it, vi } from "vitest";

it("runs the README's example as written: one options object, the methods of what openDurableRuns returns", async () => {
  const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
  const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(code).toContain("openDurableRuns({ dataDir:");
  const directory = mkdtempSync(join(tmpdir(), "keel-durable-readme-"));
  const source = (code ?? "")
    .replace(
      'from "@keel/durable-runs"',
      `from ${JSON.stringify(fileURLToPath(new URL("./index.ts", import.meta.url)))}`,
    )
    .replace('from "@keel/loop"', `from ${JSON.stringify(fileURLToPath(import.meta.resolve("@keel/loop")))}`)
    .replace('".keel-runs"', JSON.stringify(join(directory, "runs")));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const file = join(directory, "example.ts");
    writeFileSync(file, source);
    await import(/* @vite-ignore */ file);
    expect(log.mock.calls).toEqual([["completed"]]);
  } finally {
    log.mockRestore();
    rmSync(directory, { recursive: true, force: true });
  }
}, 60_000);
