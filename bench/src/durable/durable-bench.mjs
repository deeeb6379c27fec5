import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openDurableRuns } from "@keel/durable-runs";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { markdownTable, num } from "../lib/format.mjs";
import { checkpointCosts } from "./checkpoint-cost.mjs";

const WORKER = fileURLToPath(new URL("./durable-worker.mjs", import.meta.url));
const CONCURRENCY = 4;

async function freshDatabase(databaseUrl, name) {
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

/** Runs per minute of `runs` queued runs with `workers` worker processes over a fresh PostgreSQL database. */
async function throughput(databaseUrl, workers, runs, api) {
  const url = await freshDatabase(databaseUrl, `keel_bench_durable_${workers}`);
  const store = await openDurableRuns({ databaseUrl: url });
  const env = { DATABASE_URL: url, FAKE_URL: api.url, CONCURRENCY: String(CONCURRENCY) };
  const started = Array.from({ length: workers }, () => startWorker(env));
  await Promise.all(started.map((worker) => worker.ready));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: runs }, (_, index) =>
      store.enqueueRun({ agent: "bench", prompt: `Where is O-${index}?` }),
    ),
  );
  for (let done = 0; done < runs; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = await store.listRuns({ limit: runs });
    done = listed.filter((run) => run.status === "completed").length;
    const failed = listed.find((run) => !["completed", "queued", "running"].includes(run.status));
    if (failed) throw new Error(`run ${failed.runId} ended ${failed.status}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(started.map((worker) => worker.stop()));
  await store.close();
  return { workers, seconds, perMinute: (runs / seconds) * 60 };
}

const STORES = {
  memory: "memory (the JSON a store is handed)",
  pglite: "PGlite (in-process, on disk)",
  postgres: "PostgreSQL (local, `pg` pool)",
};

/**
 * Bench 9, issue 32: checkpoint cost per round at rounds 1, 50 and 200 of a 200-round run (whole snapshot as
 * before, incremental as now) on memory, PGlite and PostgreSQL, and runs per minute with 1, 2 and 4 worker
 * processes over PostgreSQL against the fake Messages API at 50–300 ms (two requests a run). PostgreSQL from
 * DATABASE_URL; without it, the bench is not run.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function durableBench(context) {
  const title = "9. Durable runs: checkpoint cost and workers (issue 32)";
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    return {
      id: "9",
      title,
      skipped: "set DATABASE_URL (PostgreSQL).",
      body: [],
      checks: [],
      charts: [],
      numbers: {},
    };
  }
  const rounds = context.smoke ? 10 : 200;
  const runs = context.smoke ? 16 : 160;
  const workDir = await mkdtemp(join(tmpdir(), "keel-bench-durable-"));
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
  try {
    context.progress(`bench 9: checkpoint cost, a ${rounds}-round run, whole and incremental`);
    const costs = await checkpointCosts({
      pgliteDir: join(workDir, "pglite"),
      databaseUrl: await freshDatabase(databaseUrl, "keel_bench_checkpoint"),
      repeats: context.smoke ? 1 : 3,
      rounds,
    });
    const rows = [];
    for (const workers of [1, 2, 4]) {
      context.progress(`bench 9: ${runs} runs with ${workers} worker process(es)`);
      rows.push(await throughput(databaseUrl, workers, runs, api));
    }
    return section(title, costs, rows, { rounds, runs });
  } finally {
    await api.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

function section(title, costs, rows, sizes) {
  const reported = costs[0].rounds.map((cost) => cost.round);
  const cell = (cost) => `${num(cost.micros)} µs · ${num(cost.bytes)} B`;
  const costTable = markdownTable(
    ["store", "checkpoint", ...reported.map((round) => `round ${round}`)],
    costs.map((row) => [STORES[row.store], row.mode, ...row.rounds.map(cell)]),
  );
  const speedup = rows.at(-1).perMinute / rows[0].perMinute;
  /** @type {Record<string, number>} */
  const numbers = { "workers4.speedup": speedup };
  for (const row of costs) {
    for (const cost of row.rounds)
      numbers[`${row.store}.${row.mode}.round${cost.round}.micros`] = cost.micros;
  }
  const runsTable = markdownTable(
    ["worker processes", "runs per minute", "wall time", "vs one worker"],
    rows.map((row) => [
      String(row.workers),
      num(row.perMinute),
      `${num(row.seconds, 1)} s`,
      `${num(row.perMinute / rows[0].perMinute, 2)}×`,
    ]),
  );
  const last = (store, mode) => costs.find((row) => row.store === store && row.mode === mode)?.rounds.at(-1);
  return {
    id: "9",
    title,
    body: [
      `**Checkpoint cost per round**: a ${sizes.rounds}-round run (one read tool returning 1 KB a round, then the ` +
        "answer), a round being its two checkpoints (after the response, after the tool batch; round 1 also holds " +
        "the run's first, the prompt alone), timed inside the `checkpoint` callback: the JSON and the fenced " +
        "statement a worker runs. *whole*: the snapshot rewritten each time (`UPDATE … SET checkpoint`, as before); " +
        "*incremental*: `CheckpointWriter` (the snapshot's head, and the messages and calls added since the last " +
        "checkpoint as rows, in one statement). Median of 3 runs after a warm-up; bytes of one run.",
      costTable,
      "**Runs per minute**: " +
        `${sizes.runs} queued runs, ${CONCURRENCY} runs held per worker process, PostgreSQL (a fresh database per ` +
        "row), the fake Messages API (`@keel/testkit`, over HTTP, the SDK client) answering each request in " +
        "50–300 ms, two model requests and one read tool a run.",
      runsTable,
    ],
    checks: [
      {
        target: "4 worker processes ≥ 3× the runs per minute of one",
        measured: `${num(speedup, 2)}× (${num(rows.at(-1).perMinute)} vs ${num(rows[0].perMinute)} runs/min)`,
        pass: speedup >= 3,
      },
      {
        target: `checkpoint bytes per round stay flat (incremental, round ${reported.at(-1)} ≤ 2× round ${reported[0]})`,
        measured: `${num(last("postgres", "incremental")?.bytes ?? Number.NaN)} B vs whole ${num(last("postgres", "whole")?.bytes ?? Number.NaN)} B`,
        pass:
          (last("postgres", "incremental")?.bytes ?? Number.POSITIVE_INFINITY) <=
          2 * costs.find((row) => row.store === "postgres" && row.mode === "incremental").rounds[0].bytes,
      },
    ],
    charts: [],
    numbers,
  };
}

// Alone (`node bench/src/durable/durable-bench.mjs`): the section's Markdown on stdout, RESULTS.md untouched.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const progress = (line) => process.stderr.write(`  ${line}\n`);
  const result = await durableBench({
    smoke: process.argv.includes("--smoke"),
    progress,
    server: async () => {},
  });
  const checks = result.checks.map(
    (check) => `- ${check.target}: ${check.measured} — ${check.pass ? "pass" : "MISS"}`,
  );
  console.log(
    [`## ${result.title}`, "", ...result.body.flatMap((block) => [block, ""]), ...checks].join("\n"),
  );
}
