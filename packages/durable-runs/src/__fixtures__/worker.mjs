// A worker process: takes runs until SIGTERM (then drains and exits 0).
import { openDurableRuns } from "@keel/durable-runs";
import { agents, crashAt } from "./fake-desk.mjs";

const runs = await openDurableRuns({
  ...(process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: process.env.RUNS_DIR }),
  leaseSeconds: 2,
});
await runs.startWorker({
  agents,
  concurrency: 2,
  leaseSeconds: 2,
  monitorSeconds: 1,
  pollingSeconds: 0.5,
  approvalKey: "k".repeat(32),
  // After a run's end is written, before pg-boss hears that its job is done.
  onProgress: (event) => {
    if (event.kind === "settled") crashAt(`after-end:${event.status}`);
  },
});
process.stderr.write("ready\n");
process.on("SIGTERM", async () => {
  await runs.close();
  process.exit(0);
});
