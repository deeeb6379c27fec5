// A durable worker for the soak: the desk agent (a lookup and two refunds, then the answer) against the fake
// Messages API at FAKE_URL; the refunds go to a ledger table keyed by the call's idempotency key. Runs until
// killed (the soak SIGKILLs it) or SIGTERM.

import { openDurableRuns } from "@keel/durable-runs";
import { success, transientError } from "@keel/errors";
import { AnthropicClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import pg from "pg";
import { z } from "zod";

// On PGlite the folder's owner (the soak) serves the queue and the ledger on its socket.
const store = process.env.DATABASE_URL
  ? { databaseUrl: process.env.DATABASE_URL }
  : { dataDir: process.env.RUNS_DIR };
const pool = new pg.Pool({
  ...(store.databaseUrl
    ? { connectionString: store.databaseUrl }
    : { host: store.dataDir, port: 5432, user: "postgres" }),
  max: 4,
});
pool.on("error", () => {});
const refund = defineTool({
  name: "process_refund",
  description:
    "Refunds an order. Use when asked to refund. Do NOT use to look up orders. Takes order_id, amount.",
  input: z.object({ order_id: z.string(), amount: z.number() }),
  effect: "write",
  handler: async ({ order_id, amount }, context) => {
    try {
      // The store's idempotency: a second application under the same key is answered `duplicate`.
      const { rows } = await pool.query(
        `INSERT INTO soak_ledger (key, run_id, order_id, amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET repeats = soak_ledger.repeats + 1 RETURNING repeats`,
        [context.idempotencyKey, context.runId, order_id, amount],
      );
      return success({ order_id, amount, duplicate: rows[0].repeats > 0 });
    } catch (error) {
      return transientError("ledger_unavailable", `the ledger did not answer: ${String(error)}`);
    }
  },
});
const lookup = defineTool({
  name: "lookup_order",
  description: "Looks up an order. Use when asked about an order. Do NOT use to refund. Takes order_id.",
  input: z.object({ order_id: z.string() }),
  effect: "read",
  handler: async ({ order_id }) => success({ order_id, total: 100 }),
});
const agents = {
  desk: () => ({
    client: new AnthropicClient({ apiKey: "sk-ant-soak", baseURL: process.env.FAKE_URL }),
    model: "claude-sonnet-5-5",
    tools: [lookup, refund],
  }),
};
const runs = await openDurableRuns({ ...store, leaseSeconds: 2 });
await runs.startWorker({ agents, concurrency: 4, leaseSeconds: 2, monitorSeconds: 1, pollingSeconds: 0.5 });
process.stderr.write("ready\n");
process.on("SIGTERM", async () => {
  await runs.close();
  await pool.end();
  process.exit(0);
});
