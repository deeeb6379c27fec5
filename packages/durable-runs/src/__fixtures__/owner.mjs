// A short-lived process that opens the runs' folder first (as `keel runs wait` does with no worker), so it is
// the folder's owner; it holds the folder until SIGTERM (then closes it and exits 0) or SIGKILL.
import { openDurableRuns } from "@keel/durable-runs";

const runs = await openDurableRuns({ dataDir: process.env.RUNS_DIR });
process.stderr.write("ready\n");
process.on("SIGTERM", async () => {
  await runs.close();
  process.exit(0);
});
setInterval(() => {}, 1_000);
