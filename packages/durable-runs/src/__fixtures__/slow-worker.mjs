// A worker whose model takes 300 ms a request and logs when each request starts and ends (DESK_DIR), under
// a fleet-wide limit of MAX_IN_FLIGHT model requests. Runs until SIGTERM (then drains and exits 0).
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { openDurableRuns } from "@keel/durable-runs";
import { ScriptedClient } from "@keel/loop";

const log = (event) =>
  appendFileSync(join(process.env.DESK_DIR, "in-flight.jsonl"), `${JSON.stringify(event)}\n`);
const agents = {
  slow: () => ({
    client: new ScriptedClient(async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      log({ pid: process.pid, start, end: Date.now() });
      return { content: [{ type: "text", text: "Done." }], stop_reason: "end_turn" };
    }),
    model: "fake-model",
  }),
};
const runs = await openDurableRuns(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.RUNS_DIR },
);
await runs.startWorker({
  agents,
  concurrency: 4,
  pollingSeconds: 0.5,
  modelRequests: { maxInFlight: Number(process.env.MAX_IN_FLIGHT) },
});
process.stderr.write("ready\n");
process.on("SIGTERM", async () => {
  await runs.close();
  process.exit(0);
});
