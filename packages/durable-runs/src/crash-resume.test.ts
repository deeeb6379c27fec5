import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { approveCall } from "@keel/loop";
import { startNodeScript } from "@keel/testkit/process";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DurableRuns, openDurableRuns } from "./durable-runs.js";
import { untilStatus } from "./durable-runs.test-helpers.js";
import { openDatabase } from "./internal.js";

// Each boundary: a worker process SIGKILLs itself there; another process takes the run after the lease
// (Keel's, 2 s here, below pg-boss's 10 s heartbeat) and finishes it from the last checkpoint.
const WORKER = fileURLToPath(new URL("./__fixtures__/worker.mjs", import.meta.url));
const OWNER = fileURLToPath(new URL("./__fixtures__/owner.mjs", import.meta.url));
const DESK = new URL("./__fixtures__/fake-desk.mjs", import.meta.url).href;
const KEY = "k".repeat(32);
const LEASE_SECONDS = 2;

beforeAll(() => {
  // The worker processes import the built package.
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
  });
}, 120_000);

let runs: DurableRuns | undefined;
let dir = "";
afterEach(async () => {
  await runs?.close();
  runs = undefined;
  await rm(dir, { recursive: true, force: true });
});

const databaseUrl = process.env.DATABASE_URL;

async function setUp() {
  dir = await mkdtemp(join(tmpdir(), "keel-crash-"));
  const store = databaseUrl ? { databaseUrl } : { dataDir: join(dir, "runs") };
  runs = await openDurableRuns({ ...store, leaseSeconds: LEASE_SECONDS });
  return runs;
}

function worker(crashAt?: string) {
  return startNodeScript(WORKER, [], {
    env: {
      DESK_DIR: dir,
      RUNS_DIR: join(dir, "runs"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(crashAt ? { CRASH_AT: crashAt } : {}),
    },
  });
}

const settled = (store: DurableRuns, runId: string, statuses: readonly string[]) =>
  untilStatus(store, runId, statuses, 600);

async function desk() {
  return (await import(DESK)) as {
    ledger(): Array<{ key: string; order_id: string; applied: boolean }>;
    requests(): Array<{ runId: string; turn: number }>;
  };
}

/** Every write applied once; the repeats of model requests, per run. */
async function check(runId: string) {
  const { ledger, requests } = await desk();
  const applied = ledger().filter((entry) => entry.applied);
  const mine = requests().filter((request) => request.runId === runId);
  const turns = new Set(mine.map((request) => request.turn));
  return { applied: applied.map((entry) => entry.order_id).sort(), repeated: mine.length - turns.size };
}

async function crashAndResume(crashAt: string, prompt = "Refund O-1 and O-2") {
  const store = await setUp();
  process.env.DESK_DIR = dir;
  const runId = await store.enqueueRun({ agent: "desk", prompt });
  const first = worker(crashAt);
  const code = await first.exited;
  if (code !== null) throw new Error(`the first worker exited with ${code}: ${first.stderr()}`);
  const killedAt = Date.now();
  const second = worker();
  const run = await settled(store, runId, ["completed"]);
  const takenOverMs = Date.now() - killedAt;
  expect(await second.stop()).toBe(0);
  return { run, runId, takenOverMs, ...(await check(runId)) };
}

describe.sequential("a run resumed by another process after a SIGKILL at each boundary", () => {
  it("after the response, before the tools: the response is not asked again", async () => {
    const { run, runId, applied, repeated, takenOverMs } = await crashAndResume("before-tools");
    expect(run.result?.text).toBe(`Done for ${runId}.`);
    // The lease (2 s) + the monitor (1 s) + start-up and polling: under pg-boss's 10 s heartbeat.
    expect(takenOverMs).toBeLessThan(9_000);
    expect(applied).toEqual(["O-1", "O-2"]);
    expect(repeated).toBe(0);
    expect(run.attempts).toBe(2);
  }, 90_000);

  it.each([
    ["between two writes of a batch: the first runs again with its key, paid once", "before-write:O-2"],
    ["after the writes, before the checkpoint: both run again as duplicates, paid once", "after-write:O-2"],
  ])(
    "%s",
    async (_name, crashAt) => {
      const { run, applied, repeated } = await crashAndResume(crashAt);
      expect(run.status).toBe("completed");
      expect(applied).toEqual(["O-1", "O-2"]);
      expect(repeated).toBe(0);
    },
    90_000,
  );

  it("during the next model request: it is sent again once, and reported", async () => {
    const { run, applied, repeated } = await crashAndResume("model:3");
    expect(applied).toEqual(["O-1", "O-2"]);
    expect(repeated).toBe(1);
    expect(run.result?.usage.repeated_requests).toBe(1);
  }, 90_000);

  it("during an approved continuation: the approved write is paid once", async () => {
    const store = await setUp();
    process.env.DESK_DIR = dir;
    const runId = await store.enqueueRun({ agent: "desk", prompt: "Refund a big one" });
    const first = worker("after-write:O-2");
    const held = await settled(store, runId, ["awaiting_approval"]);
    expect(held.pending.map((call) => call.toolUseId)).toEqual(["t_pay_2"]);
    expect(await store.decideRun(runId, [approveCall(held.pending[0]!, KEY)])).toBe(true);
    expect(await first.exited).toBeNull();
    const second = worker();
    const run = await settled(store, runId, ["completed"]);
    expect(await second.stop()).toBe(0);
    const { applied, repeated } = await check(runId);
    expect(run.result?.text).toBe(`Done for ${runId}.`);
    expect(applied).toEqual(["O-1", "O-2"]);
    expect(repeated).toBe(0);
  }, 90_000);
});

/** The state of each pg-boss job of the run (through its own connection: the store's API hides the queue). */
async function jobStates(runId: string): Promise<string[]> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dir, "runs") });
  try {
    const rows = await database.query<{ state: string }>(
      "SELECT state FROM pgboss.job WHERE name = 'keel-runs' AND data->>'runId' = $1 ORDER BY created_on",
      [runId],
    );
    return rows.map((row) => row.state);
  } finally {
    await database.close();
  }
}

describe.sequential("a worker killed right after a run ended, before pg-boss completed its job", () => {
  it.each(["completed", "awaiting_approval"])(
    "the run ends %s and its job is already completed: nothing is left active for the dead worker",
    async (status) => {
      const store = await setUp();
      process.env.DESK_DIR = dir;
      const prompt = status === "completed" ? "Refund O-1 and O-2" : "Refund a big one";
      const runId = await store.enqueueRun({ agent: "desk", prompt });
      const first = worker(`after-end:${status}`);
      expect(await first.exited).toBeNull(); // killed by SIGKILL at the crash point
      expect((await store.getRun(runId))?.status).toBe(status);
      // Before the end and its job's completion were one transaction, the job stayed active here until
      // pg-boss's own heartbeat (≥ 10 s) expired it.
      expect(await jobStates(runId)).toEqual(["completed"]);
    },
    90_000,
  );

  it("a run cancelled while its worker lay dead: another worker's monitor completes its job within seconds", async () => {
    const store = await setUp();
    process.env.DESK_DIR = dir;
    const runId = await store.enqueueRun({ agent: "desk", prompt: "Refund O-1 and O-2" });
    const first = worker("before-tools");
    expect(await first.exited).toBeNull();
    expect((await store.cancelRun(runId))?.status).toBe("cancelled");
    expect(await jobStates(runId)).toEqual(["active"]);
    const second = worker();
    await second.waitForStderr("ready");
    const started = Date.now();
    let states: string[] = [];
    while (Date.now() - started < 8_000) {
      states = await jobStates(runId);
      if (states[0] !== "active") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Within the monitor's period (1 s here), not pg-boss's heartbeat (≥ 10 s) and a retry.
    expect(states).toEqual(["completed"]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await second.stop()).toBe(0);
    expect((await store.getRun(runId))?.status).toBe("cancelled");
    expect((await check(runId)).applied).toEqual([]);
  }, 90_000);
});

// A worker started beside a process that already owns the PGlite folder reaches the folder through that
// owner's socket. When the owner exits (or is killed), the worker takes the folder over and goes on taking runs.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lockOwner = (runsDir: string) => {
  try {
    return Number(readFileSync(join(runsDir, "keel-owner.pid"), "utf8"));
  } catch {
    return undefined;
  }
};

describe("a worker beside the folder's owner, when that owner goes away", () => {
  it.each(["SIGTERM", "SIGKILL"] as const)(
    "the owner ends by %s: the worker takes the folder over and runs what is queued",
    async (signal) => {
      dir = await mkdtemp(join(tmpdir(), "keel-takeover-"));
      const runsDir = join(dir, "runs");
      const env = { DESK_DIR: dir, RUNS_DIR: runsDir };
      const owner = startNodeScript(OWNER, [], { env });
      await owner.waitForStderr("ready");
      const worker = startNodeScript(WORKER, [], { env });
      await worker.waitForStderr("ready");
      expect(lockOwner(runsDir)).toBe(owner.child.pid);
      await owner.stop(signal);
      for (let tick = 0; tick < 100 && lockOwner(runsDir) !== worker.child.pid; tick += 1) await sleep(100);
      expect(lockOwner(runsDir)).toBe(worker.child.pid);
      // This process now reaches the folder through the worker.
      runs = await openDurableRuns({ dataDir: runsDir, leaseSeconds: 2 });
      const runId = await runs.enqueueRun({ agent: "desk", prompt: "Refund O-1" });
      let status = "";
      for (let tick = 0; tick < 300 && status !== "completed"; tick += 1) {
        status = (await runs.getRun(runId))?.status ?? "";
        await sleep(100);
      }
      expect(status).toBe("completed");
      expect(await worker.stop()).toBe(0);
    },
    60_000,
  );
});
