import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDurableRuns } from "@keel/durable-runs";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { checkpointCosts } from "./checkpoint-cost.mjs";

/**
 * Issue 32's numbers: checkpoint cost per round (memory, PGlite, PostgreSQL) and runs per minute with 1, 2
 * and 4 worker processes over PostgreSQL against the fake Messages API answering in 50–300 ms (uniform), two
 * model requests a run. Run: `pnpm turbo run build --filter=@keel/durable-runs... --filter=@keel/testkit...`
 * then `DATABASE_URL=postgres://… node bench/src/durable/durable-bench.mjs` (RUNS, CONCURRENCY to change).
 */
const WORKER = fileURLToPath(new URL("./durable-worker.mjs", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 160);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL (PostgreSQL) for the durable benchmark.");

async function freshDatabase(name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

function startWorker(env) {
  const child = spawn(process.execPath, [WORKER], { env: { PATH: process.env.PATH, ...env } });
  let stderr = "";
  const ready = new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited ${code}: ${stderr}`)));
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const stop = () => {
    child.kill("SIGTERM");
    return exited;
  };
  return { ready, stop };
}

async function throughput(workers, api) {
  const url = await freshDatabase(`keel_bench_durable_${workers}`);
  const runs = await openDurableRuns({ databaseUrl: url });
  const env = { DATABASE_URL: url, FAKE_URL: api.url, CONCURRENCY: String(CONCURRENCY) };
  const started = Array.from({ length: workers }, () => startWorker(env));
  await Promise.all(started.map((worker) => worker.ready));
  const t0 = performance.now();
  const ids = await Promise.all(
    Array.from({ length: RUNS }, (_, index) =>
      runs.enqueueRun({ agent: "bench", prompt: `Where is O-${index}?` }),
    ),
  );
  let done = 0;
  while (done < ids.length) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = await runs.listRuns({ limit: RUNS });
    done = listed.filter((run) => run.status === "completed").length;
    const failed = listed.filter((run) => !["completed", "queued", "running"].includes(run.status));
    if (failed.length > 0) throw new Error(`run ${failed[0].runId} ended ${failed[0].status}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(started.map((worker) => worker.stop()));
  await runs.close();
  return { workers, seconds, perMinute: (RUNS / seconds) * 60 };
}

const api = await startFakeMessagesApi({
  handler: async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
    const last = request.messages.at(-1);
    const answered =
      Array.isArray(last?.content) && last.content.some((block) => block.type === "tool_result");
    return answered
      ? textResponse("It shipped yesterday.")
      : toolUseResponse([{ name: "lookup_order", input: { order_id: "O-1" } }]);
  },
});
const workDir = await mkdtemp(join(tmpdir(), "keel-bench-durable-"));
try {
  console.log("checkpoint cost per round (20-round run, 1 KB tool results):");
  for (const row of await checkpointCosts({ pgliteDir: join(workDir, "pglite"), databaseUrl })) {
    console.log(
      `  ${row.store.padEnd(10)} median ${row.medianMicros.toFixed(0)} µs · p95 ${row.p95Micros.toFixed(0)} µs · mean ${row.meanBytes.toFixed(0)} bytes · last ${row.lastBytes} bytes`,
    );
  }
  console.log(
    `runs per minute, ${RUNS} runs, ${CONCURRENCY} runs per worker, fake API 50–300 ms, 2 requests a run:`,
  );
  const rows = [];
  for (const workers of [1, 2, 4]) {
    const row = await throughput(workers, api);
    rows.push(row);
    console.log(
      `  ${workers} worker(s): ${row.perMinute.toFixed(0)} runs/min (${row.seconds.toFixed(1)} s, ${(row.perMinute / rows[0].perMinute).toFixed(2)}× one)`,
    );
  }
} finally {
  await api.close();
  await rm(workDir, { recursive: true, force: true });
}
