import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDurableRuns } from "@keel/durable-runs";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import pg from "pg";

/**
 * Issue 32's durable soak: RUNS queued runs (a lookup and two refunds each, then the answer) against the fake
 * Messages API at 50–300 ms, WORKERS worker processes over one PostgreSQL, a random worker SIGKILLed every
 * 2–5 s and restarted. Then: every run finished, no write applied twice, repeated model requests ≤ kills ×
 * concurrency, no run left leased. Run: `pnpm turbo run build --filter=@keel/durable-runs...
 * --filter=@keel/testkit... --filter=@keel/tools...` then
 * `DATABASE_URL=postgres://… node reliability/src/durable-soak/durable-soak.mjs` (RUNS, WORKERS, SEED).
 */
const WORKER = fileURLToPath(new URL("./soak-worker.mjs", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 200);
const WORKERS = Number(process.env.WORKERS ?? 4);
const CONCURRENCY = 4;
let seed = Number(process.env.SEED ?? 32);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// STORE=pglite: one PGlite folder, owned by this process and served on its socket to the workers.
const pglite = process.env.STORE === "pglite";
if (!pglite && !process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (PostgreSQL), or STORE=pglite.");

async function freshStore() {
  if (pglite) {
    const dataDir = await mkdtemp(join(tmpdir(), "keel-soak-durable-"));
    const runs = await openDurableRuns({ dataDir, leaseSeconds: 10 });
    return { runs, env: { RUNS_DIR: dataDir }, connection: { host: dataDir, port: 5432, user: "postgres" } };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS keel_soak_durable WITH (FORCE)");
  await admin.query("CREATE DATABASE keel_soak_durable");
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = "/keel_soak_durable";
  const runs = await openDurableRuns({ databaseUrl: url.href, leaseSeconds: 10 });
  return { runs, env: { DATABASE_URL: url.href }, connection: { connectionString: url.href } };
}
const { runs, env: storeEnv, connection } = await freshStore();
const database = new pg.Pool({ ...connection, max: 2 });
await database.query(`CREATE TABLE soak_ledger (key text PRIMARY KEY, run_id text NOT NULL, order_id text NOT NULL,
  amount numeric NOT NULL, repeats integer NOT NULL DEFAULT 0)`);

const turns = [];
const api = await startFakeMessagesApi({
  handler: async (request) => {
    const prompt = request.messages[0].content;
    turns.push(`${typeof prompt === "string" ? prompt : JSON.stringify(prompt)}#${request.messages.length}`);
    await sleep(50 + Math.random() * 250);
    if (request.messages.length > 1) return textResponse("Both refunds are done.");
    return toolUseResponse([
      { name: "lookup_order", input: { order_id: "O-1" } },
      { name: "process_refund", input: { order_id: "O-1", amount: 10 } },
      { name: "process_refund", input: { order_id: "O-2", amount: 20 } },
    ]);
  },
});

const env = { PATH: process.env.PATH, FAKE_URL: api.url, ...storeEnv };
const start = () => {
  const child = spawn(process.execPath, [WORKER], { env, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr.resume();
  return child;
};
const ids = [];
for (let index = 0; index < RUNS; index += 1)
  ids.push(await runs.enqueueRun({ agent: "desk", prompt: `Refund run ${index}` }));
const workers = Array.from({ length: WORKERS }, start);
const began = performance.now();
let kills = 0;
let finished = false;
const killer = (async () => {
  while (!finished) {
    await sleep(2000 + random() * 3000);
    if (finished) break;
    const slot = Math.floor(random() * WORKERS);
    workers[slot].kill("SIGKILL");
    kills += 1;
    workers[slot] = start();
  }
})();
let statuses = {};
for (let tick = 0; tick < 3000; tick += 1) {
  const listed = await runs.listRuns({ limit: RUNS });
  statuses = {};
  for (const run of listed) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  if ((statuses.completed ?? 0) === RUNS) break;
  await sleep(200);
}
finished = true;
await killer;
const seconds = (performance.now() - began) / 1000;
const stopped = (child) =>
  new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
await Promise.all(workers.map(stopped));

const perRun = await database.query(
  "SELECT run_id, count(*)::int AS writes, sum(repeats)::int AS duplicates FROM soak_ledger GROUP BY run_id",
);
const appliedTwice = perRun.rows.filter((row) => row.writes > 2).length;
const duplicatesAnswered = perRun.rows.reduce((sum, row) => sum + row.duplicates, 0);
const repeated = turns.length - new Set(turns).size;
const reported = (await runs.listRuns({ limit: RUNS })).reduce(
  (sum, run) => sum + (run.result?.usage.repeated_requests ?? 0),
  0,
);
const leased = await database.query("SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'");
const attempts = (await runs.listRuns({ limit: RUNS })).reduce((sum, run) => sum + run.attempts, 0);
const report = {
  store: pglite ? "pglite" : "postgres",
  runs: RUNS,
  workers: WORKERS,
  concurrency: CONCURRENCY,
  seconds: Number(seconds.toFixed(1)),
  kills,
  statuses,
  attemptsBeyondFirst: attempts - RUNS,
  ledgerRuns: perRun.rows.length,
  writesAppliedTwice: appliedTwice,
  duplicatesAnswered,
  modelRequests: turns.length,
  repeatedModelRequests: repeated,
  repeatedReportedInUsage: reported,
  repeatedBound: kills * CONCURRENCY,
  leftLeased: leased.rows[0].n,
};
console.log(JSON.stringify(report, null, 2));
const ok =
  report.statuses.completed === RUNS &&
  report.ledgerRuns === RUNS &&
  appliedTwice === 0 &&
  repeated <= kills * CONCURRENCY &&
  report.leftLeased === 0;
console.log(ok ? "✔ no violation" : "✘ violation");
await database.end();
await runs.close();
await api.close();
process.exit(ok ? 0 : 1);
