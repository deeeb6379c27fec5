import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type DurableRuns, type DurableRunsOptions, openDurableRuns } from "./durable-runs.js";

/**
 * A store in a fresh PGlite folder for each test that calls `open()`, closed and removed after the test.
 * `folder()` is the temporary folder (the store is its `runs` subfolder).
 */
export function temporaryRuns(prefix: string, options: { readonly leaseSeconds?: number } = {}) {
  let runs: DurableRuns | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await runs?.close();
    runs = undefined;
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    async open(): Promise<DurableRuns> {
      dir = await mkdtemp(join(tmpdir(), prefix));
      const opened: DurableRunsOptions = { dataDir: join(dir, "runs"), ...options };
      runs = await openDurableRuns(opened);
      return runs;
    },
    folder(): string {
      if (dir === undefined) throw new Error("open() first");
      return dir;
    },
  };
}

/** A status a run stops at: neither queued nor running. */
export const ended = (status: string): boolean => status !== "queued" && status !== "running";

/** The run once its status is one of `statuses` (or passes it), polled every 100 ms, at most `ticks` times. */
export async function untilStatus(
  store: DurableRuns,
  runId: string,
  statuses: readonly string[] | ((status: string) => boolean),
  ticks = 300,
) {
  const reached = typeof statuses === "function" ? statuses : (status: string) => statuses.includes(status);
  for (let tick = 0; tick < ticks; tick += 1) {
    const run = await store.getRun(runId);
    if (run !== undefined && reached(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `run ${runId} never reached ${typeof statuses === "function" ? "its end" : statuses.join("/")}`,
  );
}
