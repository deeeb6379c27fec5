import { success } from "@keel/errors";
import { runAgent, ScriptedClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { z } from "zod";

/** The rounds reported: the first, a middle one, and the last of a long run. */
export const ROUNDS_REPORTED = [1, 50, 200];

const read = defineTool({
  name: "read_record",
  description: "Returns one customer record. Use to read a record. Do NOT use to change it. Takes id.",
  input: z.object({ id: z.string() }),
  effect: "read",
  handler: async ({ id }) => success({ id, notes: "n".repeat(1024) }),
});
const script = (rounds) => [
  ...Array.from({ length: rounds }, (_, index) => ({
    content: [{ type: "tool_use", id: `t${index}`, name: "read_record", input: { id: `R-${index}` } }],
  })),
  { content: [{ type: "text", text: "Done." }] },
];

/**
 * One run of `rounds` rounds (a read tool returning 1 KB each, then the answer) checkpointed through
 * `save(snapshot) → bytes written`. A round is its two checkpoints (after the response, after the tool
 * batch); the run's first checkpoint (the prompt alone) counts in round 1. µs and bytes per round.
 */
async function checkpointedRun(save, runId, rounds) {
  const micros = new Array(rounds + 1).fill(0);
  const bytes = new Array(rounds + 1).fill(0);
  let checkpoints = 0;
  await runAgent({
    client: new ScriptedClient(script(rounds)),
    model: "m",
    tools: [read],
    prompt: "Read them all.",
    maxIterations: rounds + 1,
    idGenerator: () => runId,
    checkpoint: async (snapshot) => {
      const round = Math.min(rounds, Math.max(1, Math.ceil(checkpoints / 2)));
      checkpoints += 1;
      const start = performance.now();
      const written = await save(snapshot);
      micros[round] += (performance.now() - start) * 1000;
      bytes[round] += written;
    },
  });
  return { micros, bytes };
}

/** The median over `repeats` runs (after one warm-up) at each reported round. */
async function roundCosts(save, newRun, repeats, rounds) {
  const runs = [];
  for (let repeat = 0; repeat <= repeats; repeat += 1) {
    const run = await checkpointedRun(save, await newRun(), rounds);
    if (repeat > 0) runs.push(run);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return ROUNDS_REPORTED.filter((round) => round <= rounds).map((round) => ({
    round,
    micros: median(runs.map((run) => run.micros[round])),
    bytes: runs[0].bytes[round],
  }));
}

const RUN_ROW = `INSERT INTO keel_durable.runs (run_id, agent, input, status, attempts)
  VALUES ($1, 'bench', '{}', 'running', 1)`;
// The statement a durable worker ran at each checkpoint before checkpoints were incremental, fenced the same way.
const WHOLE = `UPDATE keel_durable.runs SET checkpoint = $3, updated_at = now()
  WHERE run_id = $1 AND attempts = $2 AND status = 'running' RETURNING 1`;

/**
 * Each round's checkpoint written whole (as a worker did before) and incrementally (`CheckpointWriter`, as a
 * worker does now: the head and the round's new messages and calls), into `database` (`query`), or into a
 * Map for `memory` (JSON only: what a store would be handed).
 */
async function storeCosts(store, database, repeats, rounds) {
  const { CheckpointWriter } = await import("@keel/durable-runs/internal");
  let runs = 0;
  /** One writer per run, as one attempt of a worker holds one. */
  const writers = new Map();
  const newRun = async () => {
    runs += 1;
    const runId = `bench-${store}-${process.pid}-${runs}`;
    if (database !== undefined) await database.query(RUN_ROW, [runId]);
    writers.set(runId, new CheckpointWriter(runId, 1));
    return runId;
  };
  const memory = new Map();
  const whole = async (snapshot) => {
    const json = JSON.stringify(snapshot);
    if (database === undefined) memory.set(snapshot.runId, json);
    else await database.query(WHOLE, [snapshot.runId, 1, json]);
    return Buffer.byteLength(json);
  };
  const memorySession = {
    // The incremental statement's parameters, kept: the JSON a store would be handed.
    query: async (_text, params) => {
      memory.set(params[0], params);
      return [{ run_id: params[0] }];
    },
  };
  const incremental = (snapshot) => writers.get(snapshot.runId).save(database ?? memorySession, snapshot);
  return [
    { store, mode: "whole", rounds: await roundCosts(whole, newRun, repeats, rounds) },
    { store, mode: "incremental", rounds: await roundCosts(incremental, newRun, repeats, rounds) },
  ];
}

/** Checkpoint cost per round on memory, PGlite and PostgreSQL (when `databaseUrl`), whole and incremental. */
export async function checkpointCosts({
  pgliteDir,
  databaseUrl,
  repeats = 3,
  rounds = ROUNDS_REPORTED.at(-1),
}) {
  const { openDatabase, RUNS_SCHEMA } = await import("@keel/durable-runs/internal");
  const rows = await storeCosts("memory", undefined, repeats, rounds);
  const pglite = await openDatabase({ dataDir: pgliteDir });
  try {
    await pglite.exec(RUNS_SCHEMA);
    rows.push(...(await storeCosts("pglite", pglite, repeats, rounds)));
  } finally {
    await pglite.close();
  }
  if (databaseUrl !== undefined) {
    const postgres = await openDatabase({ databaseUrl });
    try {
      await postgres.exec(RUNS_SCHEMA);
      rows.push(...(await storeCosts("postgres", postgres, repeats, rounds)));
    } finally {
      await postgres.close();
    }
  }
  return rows;
}
