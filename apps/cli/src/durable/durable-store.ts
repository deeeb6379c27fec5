import { join } from "node:path";
import { type DurableRuns, openDurableRuns } from "@keel/durable-runs";
import type { DurableStoreOptions } from "@keel/durable-runs/internal";
import type { BackendChoice } from "../run/backend-choice.js";
import { cannotOpen, checkDatabaseUrl } from "../store-unavailable.js";
import { UsageError } from "../usage-error.js";

/** The one agent `keel run --enqueue` queues and `keel worker` runs: the support agent. */
export const SUPPORT_AGENT = "keel-support";

/**
 * Where the queue lives for a store choice. PostgreSQL: the same database as the support store (schemas
 * `keel_durable` and `pgboss`). PGlite: its own folder, `runs/` inside the support store's folder — the
 * support store's folder is opened by one process (keel run, keel tickets, keel-mcp) with no socket, while
 * the queue's folder is owned by a worker that serves `keel runs` and `keel run --enqueue` on its socket.
 */
export function durableStoreOf(choice: BackendChoice): DurableStoreOptions {
  // main puts the command's name in front ("keel runs: …"): the message does not name it again.
  if (choice.kind === "memory") {
    throw new UsageError(
      "queued runs are kept in a database, and --backend memory keeps nothing: use --backend sql (PGlite in --data-dir) or --database-url.",
    );
  }
  if (choice.kind === "postgres") return { databaseUrl: choice.databaseUrl };
  return { dataDir: join(choice.dataDir, "runs") };
}

/**
 * Opens the queue (through its owner's socket when a worker holds the PGlite folder); rejects with a
 * StoreUnavailableError (exit 4) when it cannot be opened.
 */
export async function openRuns(choice: BackendChoice, leaseSeconds?: number): Promise<DurableRuns> {
  const store = durableStoreOf(choice);
  checkDatabaseUrl(choice);
  try {
    return await openDurableRuns({ ...store, ...(leaseSeconds === undefined ? {} : { leaseSeconds }) });
  } catch (error) {
    throw cannotOpen(choice, error);
  }
}

/** Exit codes of a run's status, as `keel run` gives them: completed 0, awaiting approval 3, any other end 1. */
export function exitCodeOf(status: string): number {
  if (status === "completed") return 0;
  if (status === "awaiting_approval") return 3;
  return 1;
}
