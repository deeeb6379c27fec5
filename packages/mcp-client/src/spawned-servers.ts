/**
 * The process ids of the stdio servers this process started and has not stopped yet. If the process exits
 * without closing them (an uncaught error, process.exit), they are killed on the way out, so a server
 * never outlives the run that started it.
 */
const live = new Set<number>();
let registered = false;

export function trackServerProcess(pid: number | null | undefined): void {
  if (typeof pid !== "number") return;
  live.add(pid);
  if (registered) return;
  registered = true;
  process.once("exit", () => {
    for (const id of live) {
      try {
        process.kill(id, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  });
}

export function untrackServerProcess(pid: number | null | undefined): void {
  if (typeof pid === "number") live.delete(pid);
}
