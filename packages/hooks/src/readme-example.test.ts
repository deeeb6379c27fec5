import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it, vi } from "vitest";

const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const indexPath = fileURLToPath(new URL("./index.ts", import.meta.url));
let directory: string | undefined;

afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  vi.restoreAllMocks();
});

it("runs the README's first example and redirects the $750 refund to escalation", async () => {
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  directory = mkdtempSync(join(tmpdir(), "keel-hooks-readme-"));
  const file = join(directory, "example.ts");
  writeFileSync(file, (example ?? "").replace('from "@keel/hooks"', `from ${JSON.stringify(indexPath)}`));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await import(/* @vite-ignore */ file);
  expect(log).toHaveBeenCalledWith({
    action: "redirect",
    tool: "escalate_to_human",
    input: {
      reason: "Refund of $750 needs a human",
      original: { customer_id: "C-1", amount: 750 },
    },
    reason: "amount 750 is above the limit 500 for process_refund; redirected to escalate_to_human",
    hook: "threshold-redirect:process_refund.amount",
  });
});

it("runs the README's conversation example: a lookup in an earlier turn and the user's yes allow the call", async () => {
  const section = readme.slice(readme.indexOf("## Hooks that see the conversation"));
  const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(example).toBeDefined();
  directory = mkdtempSync(join(tmpdir(), "keel-hooks-readme-"));
  const file = join(directory, "example.ts");
  const errorsPath = fileURLToPath(import.meta.resolve("@keel/errors"));
  writeFileSync(
    file,
    (example ?? "")
      .replace('from "@keel/hooks"', `from ${JSON.stringify(indexPath)}`)
      .replace('from "@keel/errors"', `from ${JSON.stringify(errorsPath)}`),
  );
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await import(/* @vite-ignore */ file);
  expect(log).toHaveBeenCalledWith({ action: "allow" });
});
