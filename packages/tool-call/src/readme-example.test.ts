import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it, vi } from "vitest";

const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const indexPath = fileURLToPath(new URL("./index.ts", import.meta.url));
// Inside the package, so the example's other imports (@keel/hooks, zod, ...) resolve as they do here.
const scratchParent = fileURLToPath(new URL("../.vitest", import.meta.url));
let directory: string | undefined;

afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  vi.restoreAllMocks();
});

it("runs the README's first example: the $750 refund is held and its handler never runs", async () => {
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  mkdirSync(scratchParent, { recursive: true });
  directory = mkdtempSync(join(scratchParent, "readme-"));
  const file = join(directory, "example.ts");
  writeFileSync(file, (example ?? "").replace('from "@keel/tool-call"', `from ${JSON.stringify(indexPath)}`));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await import(/* @vite-ignore */ file);
  expect(log).toHaveBeenCalledWith("hold", null, "APPROVAL_REQUIRED");
});
