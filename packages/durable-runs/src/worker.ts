import type { ModelClient } from "@keel/loop";
import type { ApprovalKey } from "@keel/loop/internal";
import type { AgentRegistry } from "./agent-registry.js";
import type { DurableDatabase } from "./database.js";
import { monitorLeases } from "./lease.js";
import { limitModelRequests, type ModelRequestLimit } from "./model-request-slots.js";
import { checkLease, DEFAULT_LEASE_SECONDS, queueOptions, startBoss } from "./queue.js";
import { runJob } from "./run-job.js";
import { RUN_QUEUE } from "./schema.js";

/** How a worker takes runs. */
export interface WorkerOptions {
  /** The agents it can run, by name: the same registry on every worker. */
  readonly agents: AgentRegistry;
  /** Runs held at once. Default 4. */
  readonly concurrency?: number | undefined;
  /**
   * The lease this worker holds each run it takes with, renewed every third of it: a run whose worker stopped
   * renewing (killed, frozen, cut off) is taken by another after it, from its last checkpoint. From 1 to 86,400;
   * default `DurableRunsOptions.leaseSeconds` (20).
   */
  readonly leaseSeconds?: number | undefined;
  /** How often the worker looks for expired leases. Default half the lease, between 1 and 5; at least 1. */
  readonly monitorSeconds?: number | undefined;
  /** How often an idle worker asks for runs. Default 1 (at least 0.5). */
  readonly pollingSeconds?: number | undefined;
  /** The key approval decisions were signed with (see `decideRun`). */
  readonly approvalKey?: ApprovalKey | undefined;
  /**
   * The fleet-wide limit on model requests in flight, enforced through the database (give every worker the
   * same). Default: none.
   */
  readonly modelRequests?: ModelRequestLimit | undefined;
  /** Told when this worker takes a run and when the run ends, stops or is lost (for progress lines). */
  readonly onProgress?: ((event: WorkerProgress) => void) | undefined;
}

/** What a worker did with a run. `status` is the run's as stored (`running`: stopped at a checkpoint). */
export type WorkerProgress =
  | { readonly kind: "taken"; readonly runId: string; readonly attempt: number }
  | { readonly kind: "settled"; readonly runId: string; readonly status: string };

export interface Worker {
  /** Stops taking runs and waits for the held ones to end (at most `timeoutMs`, default 30 s). */
  stop(options?: { readonly timeoutMs?: number | undefined }): Promise<void>;
}

export async function startWorker(database: DurableDatabase, options: WorkerOptions): Promise<Worker> {
  const leaseSeconds = checkLease(options.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  const monitorSeconds = Math.max(1, options.monitorSeconds ?? Math.min(5, leaseSeconds / 2));
  const superviseSeconds = Math.ceil(monitorSeconds); // pg-boss's supervisor (its own heartbeat, expiry)
  const boss = await startBoss(
    database,
    { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds },
    queueOptions(leaseSeconds),
  );
  const limit = options.modelRequests;
  const context = {
    database,
    boss,
    leaseSeconds,
    agents: options.agents,
    approvalKey: options.approvalKey,
    onProgress: options.onProgress,
    ...(limit === undefined
      ? {}
      : { wrapClient: (client: ModelClient) => limitModelRequests(client, database, limit) }),
  };
  await boss.work<{ runId: string }>(
    RUN_QUEUE,
    {
      localConcurrency: options.concurrency ?? 4,
      pollingIntervalSeconds: options.pollingSeconds ?? 1,
    },
    async ([job]) => {
      if (job !== undefined) await runJob(context, job);
    },
  );
  const stopMonitor = monitorLeases(database, boss, monitorSeconds);
  return {
    async stop(stopOptions = {}) {
      stopMonitor();
      await boss.stop({ graceful: true, close: true, timeout: stopOptions.timeoutMs ?? 30_000 });
    },
  };
}
