import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Vitest global setup for every package (vitest.shared.ts): one scratch folder per test run, made the run's
 * temporary folder (TMPDIR, which `os.tmpdir()` reads, set before the workers start), and removed when the
 * run ends. Whatever a test writes under `tmpdir()` — PGlite stores, cassettes, scripts — goes with it, even
 * when the test fails before its own cleanup.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const scratch = mkdtempSync(join(tmpdir(), "keel-vitest-"));
  process.env.TMPDIR = scratch;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(scratch, { recursive: true, force: true });
  };
}
