import { success } from "@keel/errors";
import { runAgent, ScriptedClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { z } from "zod";

const ROUNDS = 20;
const REPEATS = 5;
const CREATE = "CREATE TABLE IF NOT EXISTS bench_runs (run_id text PRIMARY KEY, checkpoint jsonb)";
// The statement a durable worker runs at each checkpoint (packages/durable-runs/src/run-job.ts), fenced the same way.
const SAVE = "UPDATE bench_runs SET checkpoint = $2 WHERE run_id = $1 RETURNING 1";

const read = defineTool({
  name: "read_record",
  description: "Returns one customer record. Use to read a record. Do NOT use to change it. Takes id.",
  input: z.object({ id: z.string() }),
  effect: "read",
  handler: async ({ id }) => success({ id, notes: "n".repeat(1024) }),
});
const script = () => [
  ...Array.from({ length: ROUNDS }, (_, index) => ({
    content: [{ type: "tool_use", id: `t${index}`, name: "read_record", input: { id: `R-${index}` } }],
  })),
  { content: [{ type: "text", text: "Done." }] },
];

/** Per round: a 20-round run checkpointed into `save`; time inside the checkpoint (JSON included). */
async function measure(store, save) {
  const times = [];
  const bytes = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    let runTotal = 0;
    await runAgent({
      client: new ScriptedClient(script()),
      model: "m",
      tools: [read],
      prompt: "Read them all.",
      maxIterations: ROUNDS + 1,
      idGenerator: () => `run-${store}-${repeat}`,
      checkpoint: async (snapshot) => {
        const start = performance.now();
        const json = JSON.stringify(snapshot);
        await save(`run-${store}-${repeat}`, json);
        runTotal += performance.now() - start;
        if (repeat === 0) bytes.push(json.length);
      },
    });
    if (repeat > 0) times.push((runTotal / ROUNDS) * 1000); // the first run warms up
  }
  times.sort((a, b) => a - b);
  return {
    store,
    medianMicros: times[Math.floor(times.length / 2)],
    p95Micros: times.at(-1),
    meanBytes: bytes.reduce((sum, size) => sum + size, 0) / ROUNDS,
    lastBytes: bytes.at(-1),
  };
}

export async function checkpointCosts({ pgliteDir, databaseUrl }) {
  const memory = new Map();
  const rows = [await measure("memory", async (id, json) => memory.set(id, json))];
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = new PGlite(pgliteDir);
  await pglite.exec(CREATE);
  for (let repeat = 0; repeat < REPEATS; repeat += 1)
    await pglite.query("INSERT INTO bench_runs VALUES ($1, NULL)", [`run-pglite-${repeat}`]);
  rows.push(await measure("pglite", (id, json) => pglite.query(SAVE, [id, json])));
  await pglite.close();
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  await pool.query(CREATE);
  await pool.query("DELETE FROM bench_runs");
  for (let repeat = 0; repeat < REPEATS; repeat += 1)
    await pool.query("INSERT INTO bench_runs VALUES ($1, NULL)", [`run-postgres-${repeat}`]);
  rows.push(await measure("postgres", (id, json) => pool.query(SAVE, [id, json])));
  await pool.query("DROP TABLE bench_runs");
  await pool.end();
  return rows;
}
