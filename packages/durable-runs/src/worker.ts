import type { ModelClient } from "@keel/loop";
import type { ApprovalKey } from "@keel/loop/internal";
import type { AgentRegistry } from "./agent-registry.js";
import type { DurableDatabase } from "./database.js";
import { monitorLeases } from "./lease.js";
import { checkModelRequestLimit, limitModelRequests, type ModelRequestLimit } from "./model-request-slots.js";
import { checkLease, DEFAULT_LEASE_SECONDS, queueOptions, startBoss } from "./queue.js";
import { runJob, type WorkerProgress } from "./run-job.js";
import { RUN_QUEUE } from "./schema.js";

/** How a worker takes runs. */
export interface WorkerOptions {
  /** The agents it can run, by name: the same registry on every worker. */
  readonly agents: AgentRegistry;
  /** Runs held at once: a whole number from 1 to 1,000. Default 4. */
  readonly concurrency?: number | undefined;
  /**
   * The lease this worker holds each run it takes with, renewed every third of it: a run whose worker stopped
   * renewing (killed, frozen, cut off) is taken by another after it, from its last checkpoint. From 1 to 86,400;
   * default `DurableRunsOptions.leaseSeconds` (20).
   */
  readonly leaseSeconds?: number | undefined;
  /** How often the worker looks for expired leases, in seconds (at least 1). Default half the lease, between 1 and 5. */
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

export interface Worker {
  /**
   * Drains: stops taking runs; each held run stops at its next checkpoint (after the model response or the
   * tool batch in flight) and goes back to the queue, where any worker resumes it from there without asking
   * the model again. Waits for them at most `timeoutMs` (default 30 s; `Infinity`: as long as it takes); a run
   * still held then is failed back to the queue and resumed from its last checkpoint.
   */
  stop(options?: { readonly timeoutMs?: number | undefined }): Promise<void>;
}

/** The most runs one worker holds at once. */
export const MAX_CONCURRENCY = 1000;
/** The longest timer Node keeps (about 24.8 days): what `stop({ timeoutMs: Infinity })` waits at most. */
const LONGEST_WAIT_MS = 2_147_483_647;

function checkWorkerOptions(options: WorkerOptions): void {
  const { concurrency, pollingSeconds, monitorSeconds } = options;
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY)
  ) {
    throw new RangeError(
      `concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, got ${concurrency}.`,
    );
  }
  if (pollingSeconds !== undefined && !(Number.isFinite(pollingSeconds) && pollingSeconds >= 0.5)) {
    throw new RangeError(`pollingSeconds must be a number of at least 0.5, got ${pollingSeconds}.`);
  }
  if (monitorSeconds !== undefined && !(Number.isFinite(monitorSeconds) && monitorSeconds >= 1)) {
    throw new RangeError(`monitorSeconds must be a number of at least 1, got ${monitorSeconds}.`);
  }
  if (options.modelRequests !== undefined) checkModelRequestLimit(options.modelRequests);
}

export async function startWorker(database: DurableDatabase, options: WorkerOptions): Promise<Worker> {
  const leaseSeconds = checkLease(options.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  checkWorkerOptions(options);
  const monitorSeconds = Math.max(1, options.monitorSeconds ?? Math.min(5, leaseSeconds / 2));
  const superviseSeconds = Math.ceil(monitorSeconds); // pg-boss's supervisor (its own heartbeat, expiry)
  const boss = await startBoss(
    database,
    { superviseIntervalSeconds: superviseSeconds, monitorIntervalSeconds: superviseSeconds },
    queueOptions(leaseSeconds),
  );
  const limit = options.modelRequests;
  let draining = false;
  const context = {
    database,
    boss,
    leaseSeconds,
    draining: () => draining,
    agents: options.agents,
    approvalKey: options.approvalKey,
    onProgress: options.onProgress,
    ...(limit === undefined
      ? {}
      : { wrapClient: (client: ModelClient) => limitModelRequests(client, database, limit) }),
  };
  try {
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
  } catch (error) {
    await boss.stop({ graceful: false, close: true }); // nothing may keep the process alive
    throw error;
  }
  const stopMonitor = monitorLeases(database, boss, monitorSeconds);
  let stopping: Promise<void> | undefined;
  return {
    stop(stopOptions = {}) {
      const timeoutMs = stopOptions.timeoutMs ?? 30_000;
      if (Number.isNaN(timeoutMs) || timeoutMs < 0) {
        return Promise.reject(new RangeError(`timeoutMs must be 0 or more (or Infinity), got ${timeoutMs}.`));
      }
      draining = true;
      stopMonitor();
      stopping ??= boss.stop({ graceful: true, close: true, timeout: Math.min(timeoutMs, LONGEST_WAIT_MS) });
      return stopping;
    },
  };
}
