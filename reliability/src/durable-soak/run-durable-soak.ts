import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDurableRuns } from "@keel/durable-runs";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import pg from "pg";
import { seededRandom, seedOf } from "../seeded-random.js";
import { throwawayDatabase } from "../throwaway-database.js";

/** The worker process: plain JS beside this file in src/, so it runs from src (vitest) and from dist (soak). */
const WORKER = fileURLToPath(new URL("../../src/durable-soak/soak-worker.mjs", import.meta.url));
/** Runs each worker process holds at once (soak-worker.mjs). */
const CONCURRENCY = 4;
/** The workers' lease and monitor (soak-worker.mjs): a killed worker's runs are taken within ~3 s. */
export const SOAK_LEASE_SECONDS = 2;

export interface DurableSoakOptions {
  readonly store: "postgres" | "pglite";
  /** An admin URL (DATABASE_URL) to make a throwaway database on; required for `postgres`. */
  readonly databaseUrl?: string | undefined;
  readonly runs: number;
  readonly workers: number;
  readonly seed?: number;
  /** How long the runs may take to complete before the soak reports the rest; default max(300, 3 × runs). */
  readonly deadlineSeconds?: number;
}

export interface DurableSoakReport {
  readonly store: "postgres" | "pglite";
  readonly runs: number;
  readonly workers: number;
  readonly concurrency: number;
  readonly seconds: number;
  readonly kills: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly attemptsBeyondFirst: number;
  /** Runs with a row in the ledger, and those with more than their two writes (a write applied twice). */
  readonly ledgerRuns: number;
  readonly writesAppliedTwice: number;
  /** Writes answered `duplicate` (a repeated write under its original key). */
  readonly duplicatesAnswered: number;
  readonly modelRequests: number;
  readonly repeatedModelRequests: number;
  readonly repeatedReportedInUsage: number;
  /**
   * Repeated model requests allowed: one a takeover (the request in flight when the run's worker died or lost
   * its lease), so the runs taken again (`attemptsBeyondFirst`).
   */
  readonly repeatedBound: number;
  /**
   * Runs taken again beyond what the kills explain (kills × concurrency): leases lost by a live worker, on a
   * machine too loaded to renew them in time. Reported, not a violation: the takeover is fenced.
   */
  readonly takenBeyondKills: number;
  /** pg-boss jobs still active after the workers stopped: leased by a dead worker. */
  readonly leftLeased: number;
  readonly violations: readonly string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The store: a throwaway PostgreSQL database, or a PGlite folder this process owns and serves to the workers. */
async function openStore(options: DurableSoakOptions) {
  if (options.store === "pglite") {
    const dataDir = await mkdtemp(join(tmpdir(), "keel-soak-durable-"));
    return {
      open: { dataDir },
      env: { RUNS_DIR: dataDir },
      connection: { host: dataDir, port: 5432, user: "postgres" },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  if (!options.databaseUrl) throw new Error("The durable soak on PostgreSQL needs DATABASE_URL.");
  const database = throwawayDatabase(options.databaseUrl, "keel_soak_durable");
  await database.create();
  return {
    open: { databaseUrl: database.url },
    env: { DATABASE_URL: database.url },
    connection: { connectionString: database.url },
    dispose: () => database.drop(),
  };
}

/**
 * Issue 32's durable soak: `runs` queued runs (a lookup and two refunds each, then the answer) against the
 * fake Messages API at 50–300 ms, `workers` worker processes (soak-worker.mjs, 4 runs each), one of them
 * SIGKILLed as soon as a run is held, then a random one 2–5 s (seeded) after the last restarted worker is up
 * (each is restarted at once; the gap counts from its "ready", so a loaded machine slows the kills too). Holds
 * when every run completed, no write was applied twice (the ledger, keyed by idempotency key), repeated model
 * requests ≤ runs taken again (one in flight a takeover), and no pg-boss job is left active.
 */
export async function runDurableSoak(options: DurableSoakOptions): Promise<DurableSoakReport> {
  const random = seededRandom(seedOf(options.seed ?? 32, "durable-soak", options.store));
  const store = await openStore(options);
  const runs = await openDurableRuns({ ...store.open, leaseSeconds: SOAK_LEASE_SECONDS });
  const ledger = new pg.Pool({ ...store.connection, max: 2 });
  const turns: string[] = [];
  const api = await startFakeMessagesApi({
    handler: async (request) => {
      const prompt = request.messages[0]?.content;
      turns.push(
        `${typeof prompt === "string" ? prompt : JSON.stringify(prompt)}#${request.messages.length}`,
      );
      await sleep(50 + Math.random() * 250);
      if (request.messages.length > 1) return textResponse("Both refunds are done.");
      return toolUseResponse([
        { name: "lookup_order", input: { order_id: "O-1" } },
        { name: "process_refund", input: { order_id: "O-1", amount: 10 } },
        { name: "process_refund", input: { order_id: "O-2", amount: 20 } },
      ]);
    },
  });
  const workers: ChildProcess[] = [];
  try {
    await ledger.query(`CREATE TABLE soak_ledger (key text PRIMARY KEY, run_id text NOT NULL,
      order_id text NOT NULL, amount numeric NOT NULL, repeats integer NOT NULL DEFAULT 0)`);
    const env = { PATH: process.env.PATH ?? "", FAKE_URL: api.url, ...store.env };
    // A worker and its "ready" (soak-worker.mjs writes it once its queue is started); the killer waits for it.
    const start = () => {
      const child = spawn(process.execPath, [WORKER], { env, stdio: ["ignore", "ignore", "pipe"] });
      return { child, ready: startedWorker(child) };
    };
    for (let index = 0; index < options.runs; index += 1) {
      await runs.enqueueRun({ agent: "desk", prompt: `Refund run ${index}` });
    }
    const began = performance.now();
    workers.push(...Array.from({ length: options.workers }, () => start().child));
    let kills = 0;
    let finished = false;
    const kill = async () => {
      const slot = Math.floor(random() * options.workers);
      workers[slot]?.kill("SIGKILL");
      kills += 1;
      const { child, ready } = start();
      workers[slot] = child;
      // The next kill counts from when the new worker is up: on a loaded machine starting a worker can take
      // longer than the gap between kills, and a worker killed before it takes a run would let none finish.
      let up = false;
      void ready.then(() => {
        up = true;
      });
      await until(() => up || finished);
    };
    const killer = (async () => {
      // The first kill as soon as a worker holds a run, so even the small soak kills one mid-run.
      while (!finished && !(await runs.listRuns({ limit: 1000 })).some((run) => run.status === "running")) {
        await sleep(50);
      }
      if (!finished) await kill();
      while (!finished) {
        await sleep(2000 + random() * 3000);
        if (!finished) await kill();
      }
    })();
    let statuses: Record<string, number> = {};
    const deadline = Date.now() + (options.deadlineSeconds ?? Math.max(300, options.runs * 3)) * 1000;
    while (Date.now() < deadline) {
      statuses = {};
      for (const run of await runs.listRuns({ limit: options.runs })) {
        statuses[run.status] = (statuses[run.status] ?? 0) + 1;
      }
      if ((statuses.completed ?? 0) === options.runs) break;
      await sleep(200);
    }
    finished = true;
    await killer;
    const seconds = (performance.now() - began) / 1000;
    await Promise.all(workers.splice(0).map(stopped));
    return await measure(options, { runs, ledger, turns, kills, statuses, seconds });
  } finally {
    for (const child of workers) child.kill("SIGKILL");
    await ledger.end();
    await runs.close();
    await api.close();
    await store.dispose();
  }
}

/** Resolves once the worker wrote "ready" on stderr (or exited); reads the rest of its stderr away. */
const startedWorker = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    let written = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes("ready\n")) resolve();
      if (written.length > 4096) written = written.slice(-16);
    });
    child.once("exit", () => resolve());
  });

/** Resolves once `done()` is true, looking every 100 ms. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(100);
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

async function measure(
  options: DurableSoakOptions,
  soak: {
    readonly runs: Awaited<ReturnType<typeof openDurableRuns>>;
    readonly ledger: pg.Pool;
    readonly turns: readonly string[];
    readonly kills: number;
    readonly statuses: Record<string, number>;
    readonly seconds: number;
  },
): Promise<DurableSoakReport> {
  const perRun = await soak.ledger.query<{ writes: number; duplicates: number }>(
    "SELECT run_id, count(*)::int AS writes, sum(repeats)::int AS duplicates FROM soak_ledger GROUP BY run_id",
  );
  const listed = await soak.runs.listRuns({ limit: options.runs });
  const leased = await soak.ledger.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'",
  );
  const repeated = soak.turns.length - new Set(soak.turns).size;
  const attemptsBeyondFirst = listed.reduce((sum, run) => sum + run.attempts, 0) - options.runs;
  const report = {
    store: options.store,
    runs: options.runs,
    workers: options.workers,
    concurrency: CONCURRENCY,
    seconds: Number(soak.seconds.toFixed(1)),
    kills: soak.kills,
    statuses: soak.statuses,
    attemptsBeyondFirst,
    ledgerRuns: perRun.rows.length,
    writesAppliedTwice: perRun.rows.filter((row) => row.writes > 2).length,
    duplicatesAnswered: perRun.rows.reduce((sum, row) => sum + row.duplicates, 0),
    modelRequests: soak.turns.length,
    repeatedModelRequests: repeated,
    repeatedReportedInUsage: listed.reduce((sum, run) => sum + (run.result?.usage.repeated_requests ?? 0), 0),
    repeatedBound: attemptsBeyondFirst,
    takenBeyondKills: Math.max(0, attemptsBeyondFirst - soak.kills * CONCURRENCY),
    leftLeased: leased.rows[0]?.n ?? 0,
  };
  const violations = [
    ...(report.statuses.completed === options.runs
      ? []
      : [`runs not completed: ${JSON.stringify(report.statuses)}`]),
    ...(report.ledgerRuns === options.runs
      ? []
      : [`${report.ledgerRuns} runs in the ledger, not ${options.runs}`]),
    ...(report.writesAppliedTwice === 0
      ? []
      : [`${report.writesAppliedTwice} runs with a write applied twice`]),
    ...(repeated <= report.repeatedBound
      ? []
      : [`${repeated} repeated model requests, above one a run taken again (${report.repeatedBound})`]),
    ...(report.leftLeased === 0 ? [] : [`${report.leftLeased} jobs left leased by a dead worker`]),
  ];
  return { ...report, violations };
}
