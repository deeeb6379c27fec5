// One `keel worker`-like process for the durable benchmark: the bench agent against the fake Messages API
// at FAKE_URL (a lookup, then the answer), CONCURRENCY runs at once, until SIGTERM.

import { openDurableRuns } from "@keel/durable-runs";
import { success } from "@keel/errors";
import { AnthropicClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { z } from "zod";

const lookup = defineTool({
  name: "lookup_order",
  description: "Looks up an order. Use when asked about an order. Do NOT use to refund. Takes order_id.",
  input: z.object({ order_id: z.string() }),
  effect: "read",
  handler: async ({ order_id }) => success({ order_id, status: "shipped" }),
});
const agents = {
  bench: () => ({
    client: new AnthropicClient({ apiKey: "sk-ant-bench", baseURL: process.env.FAKE_URL }),
    model: "claude-sonnet-5-5",
    tools: [lookup],
  }),
};
const runs = await openDurableRuns({ databaseUrl: process.env.DATABASE_URL });
await runs.startWorker({ agents, concurrency: Number(process.env.CONCURRENCY), pollingSeconds: 0.5 });
process.stderr.write("ready\n");
process.on("SIGTERM", async () => {
  await runs.close();
  process.exit(0);
});
