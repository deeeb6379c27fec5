import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder every test's temporary directory is made in (cli.test-helpers.ts), removed after the run. */
    readonly scratch: string;
  }
}

/**
 * One scratch folder for the whole run: the tests' temporary directories (PGlite stores among them, 40 MB
 * each) go inside it, and it is removed when the run ends, instead of piling up in the system's temp folder.
 */
export default function setup(project: TestProject): () => void {
  const scratch = mkdtempSync(join(tmpdir(), "keel-cli-tests-"));
  project.provide("scratch", scratch);
  return () => rmSync(scratch, { recursive: true, force: true });
}
