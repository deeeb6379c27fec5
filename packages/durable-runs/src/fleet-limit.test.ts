import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNodeScript } from "@keel/testkit/process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DurableRuns, openDurableRuns } from "./durable-runs.js";

const WORKER = fileURLToPath(new URL("./__fixtures__/slow-worker.mjs", import.meta.url));
// Always PGlite (two processes through its owner's socket): on a shared DATABASE_URL the crash tests' workers,
// running beside this file, would take these runs from the same queue.
let dir = "";
let runs: DurableRuns | undefined;

beforeAll(async () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
  });
  dir = await mkdtemp(join(tmpdir(), "keel-limit-"));
}, 120_000);

afterAll(async () => {
  await runs?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The most requests in flight at one moment: the most whose [start, end) holds another's start. */
const peak = (intervals: ReadonlyArray<{ start: number; end: number }>): number =>
  Math.max(
    ...intervals.map(
      ({ start }) => intervals.filter((other) => other.start <= start && start < other.end).length,
    ),
  );

it("holds 2 model requests in flight across two worker processes that hold 4 runs each", async () => {
  runs = await openDurableRuns({ dataDir: join(dir, "runs") });
  const env = { DESK_DIR: dir, RUNS_DIR: join(dir, "runs"), MAX_IN_FLIGHT: "2" };
  const workers = [startNodeScript(WORKER, [], { env }), startNodeScript(WORKER, [], { env })];
  await Promise.all(workers.map((worker) => worker.waitForStderr("ready")));
  const ids = await Promise.all(
    Array.from({ length: 10 }, () => runs!.enqueueRun({ agent: "slow", prompt: "Hi" })),
  );
  for (let tick = 0; tick < 300; tick += 1) {
    const statuses = await Promise.all(ids.map(async (id) => (await runs!.getRun(id))?.status));
    if (statuses.every((status) => status === "completed")) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await Promise.all(workers.map((worker) => worker.stop()))).toEqual([0, 0]);
  const intervals = readFileSync(join(dir, "in-flight.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { pid: number; start: number; end: number });
  expect(intervals).toHaveLength(10);
  expect(new Set(intervals.map((interval) => interval.pid)).size).toBe(2);
  expect(peak(intervals)).toBe(2);
}, 90_000);
