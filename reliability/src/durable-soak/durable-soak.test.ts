import { expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { runDurableSoak } from "./run-durable-soak.js";

/**
 * The durable soak in its small size (`pnpm soak` runs 200 runs on PostgreSQL with 4 workers and on PGlite):
 * one worker process over a PGlite folder this process owns, SIGKILLed while it holds runs and restarted.
 */
it("finishes every queued run through SIGKILLed workers, each write applied once", async () => {
  const sizes = readSizes("small");
  // Within the test's timeout (vitest.config.ts), so runs left unfinished show as a violation with the figures.
  const report = await runDurableSoak({
    store: "pglite",
    runs: sizes.durableRuns,
    workers: 1,
    deadlineSeconds: 200,
  });
  expect(report.violations, JSON.stringify(report)).toEqual([]);
  expect(report.kills).toBeGreaterThanOrEqual(1);
  expect(report.statuses).toEqual({ completed: sizes.durableRuns });
  expect(report.writesAppliedTwice).toBe(0);
  expect(report.leftLeased).toBe(0);
});
