import type { ApprovalKey } from "@keel/loop/internal";
import type { AgentRegistry } from "./agent-registry.js";
import type { DurableDatabase } from "./database.js";
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
   * Seconds after which a run held by a worker that stopped heart-beating (killed, frozen, cut off) is taken
   * by another, from its last checkpoint (see `DurableRunsOptions.leaseSeconds`, the default). Applies to runs
   * queued after the worker started.
   */
  readonly leaseSeconds?: number | undefined;
  /** How often the worker's supervisor looks for lost leases. Default 5; at least 1. */
  readonly monitorSeconds?: number | undefined;
  /** How often an idle worker asks for runs. Default 1 (at least 0.5). */
  readonly pollingSeconds?: number | undefined;
  /** The key approval decisions were signed with (see `decideRun`). */
  readonly approvalKey?: ApprovalKey | undefined;
}

export interface Worker {
  /** Stops taking runs and waits for the held ones to end (at most `timeoutMs`, default 30 s). */
  stop(options?: { readonly timeoutMs?: number | undefined }): Promise<void>;
}

export async function startWorker(database: DurableDatabase, options: WorkerOptions): Promise<Worker> {
  const leaseSeconds = checkLease(options.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  const monitorSeconds = options.monitorSeconds ?? 5;
  const boss = await startBoss(
    database,
    { superviseIntervalSeconds: monitorSeconds, monitorIntervalSeconds: monitorSeconds },
    queueOptions(leaseSeconds),
  );
  const context = { database, agents: options.agents, approvalKey: options.approvalKey };
  await boss.work<{ runId: string }>(
    RUN_QUEUE,
    {
      localConcurrency: options.concurrency ?? 4,
      pollingIntervalSeconds: options.pollingSeconds ?? 1,
      heartbeatRefreshSeconds: Math.max(1, Math.floor(leaseSeconds / 4)),
    },
    async ([job]) => {
      if (job !== undefined) await runJob(context, job.data.runId);
    },
  );
  return {
    async stop(stopOptions = {}) {
      await boss.stop({ graceful: true, close: true, timeout: stopOptions.timeoutMs ?? 30_000 });
    },
  };
}
