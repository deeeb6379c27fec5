import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, vi } from "vitest";

/** Which README example to run, and where its package imports point. */
export interface ReadmeExample {
  /** The README, e.g. `new URL("../README.md", import.meta.url)`. */
  readonly readme: URL;
  /** The heading the example follows; the README's first `ts` block without one. */
  readonly section?: string;
  /** Package name → the file to import instead (the package's src/index.ts, not its build). */
  readonly imports: Readonly<Record<string, string>>;
  /** Where the scratch folder goes (the example's other imports resolve from there); default `tmpdir()`. */
  readonly scratchParent?: string;
}

/**
 * Runs a README's `ts` example as a reader would paste it, its own package imported from source, and
 * returns the arguments of each `console.log` it made (the console itself stays quiet).
 */
export async function runReadmeExample(example: ReadmeExample): Promise<unknown[][]> {
  const readme = readFileSync(fileURLToPath(example.readme), "utf8");
  const from = example.section === undefined ? readme : readme.slice(readme.indexOf(example.section));
  const code = /```ts\n([\s\S]*?)```/.exec(from)?.[1];
  expect(code).toBeDefined();
  let source = code ?? "";
  for (const [name, path] of Object.entries(example.imports))
    source = source.replace(`from "${name}"`, `from ${JSON.stringify(path)}`);
  const parent = example.scratchParent ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const directory = mkdtempSync(join(parent, "readme-"));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const file = join(directory, "example.ts");
    writeFileSync(file, source);
    await import(/* @vite-ignore */ file);
    return log.mock.calls;
  } finally {
    log.mockRestore();
    rmSync(directory, { recursive: true, force: true });
  }
}
