import { randomUUID } from "node:crypto";
import type { ApprovalDecision } from "@keel/loop";
import type { PgBoss } from "pg-boss";
import { bossSession, type DurableSession, type DurableStoreOptions, openDatabase } from "./database.js";
import { checkLease, DEFAULT_LEASE_SECONDS, queueOptions, startBoss } from "./queue.js";
import type { DurableRun, RunRequest, RunRow } from "./run-record.js";
import { runOfRow } from "./run-record.js";
import { RUN_QUEUE, RUNS_SCHEMA } from "./schema.js";
import { startWorker, type Worker, type WorkerOptions } from "./worker.js";

/** Runs that outlive their process: a queue of runs, their checkpoints and results, in one database. */
export interface DurableRuns {
  /** Stores the run and queues it; any worker takes it. Returns its id (also the run id of its idempotency keys). */
  enqueueRun(request: RunRequest): Promise<string>;
  getRun(runId: string): Promise<DurableRun | undefined>;
  /** The newest runs first. */
  listRuns(options?: { readonly limit?: number | undefined }): Promise<DurableRun[]>;
  /**
   * Cancels a run that has not ended: a queued one never asks the model; a running one stops at its next
   * checkpoint. Returns the run as it is now (`undefined`: no such run).
   */
  cancelRun(runId: string): Promise<DurableRun | undefined>;
  /**
   * Records a person's decisions on a run awaiting approval and queues its continuation: a worker resumes it,
   * not this process. `false` when the run is not awaiting approval (already decided, say). Decisions that
   * are not for the run's pending calls, or unsigned, throw a TypeError here (the run still awaits approval);
   * a signature the workers' key does not verify puts the run back to `awaiting_approval`, with
   * `result.error.kind` `invalid_decision` saying why: decide again.
   */
  decideRun(runId: string, decisions: readonly ApprovalDecision[]): Promise<boolean>;
  /** Starts taking runs in this process (see `WorkerOptions`); invalid options throw a RangeError first. */
  startWorker(options: WorkerOptions): Promise<Worker>;
  /** Drains every worker started here (`Worker.stop()`), then closes the store; twice is fine. */
  close(): Promise<void>;
}

export type DurableRunsOptions = DurableStoreOptions & {
  /**
   * Seconds after which a run held by a worker that stopped renewing its lease (killed, frozen, cut off) is
   * taken by another, from its last checkpoint: Keel's lease on the run's row, renewed every third of it, at
   * most 86,400 (a day), at least 1. Default 20; taken over within `leaseSeconds` + the workers' `monitorSeconds` (default 5), so
   * ≤ 25 s. The default of this process's `startWorker`; each worker holds the runs it takes with its own.
   */
  readonly leaseSeconds?: number | undefined;
};

/**
 * Opens the runs' store: a PGlite folder (`dataDir`; a worker owns it and serves the others through its
 * socket) or PostgreSQL (`databaseUrl`, for several machines). Creates the tables and pg-boss's queue.
 */
export async function openDurableRuns(options: DurableRunsOptions): Promise<DurableRuns> {
  const leaseSeconds = checkLease(options.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  const database = await openDatabase(options);
  await database.exec(RUNS_SCHEMA);
  // This handle only sends and cancels jobs; a worker's own pg-boss supervises the queue.
  const boss = await startBoss(database, { supervise: false, schedule: false }, queueOptions(leaseSeconds));
  const query = (where: string, params: readonly unknown[]) =>
    database.query<RunRow>(`SELECT * FROM keel_durable.runs ${where}`, params);
  const workers = new Set<Worker>();
  let closing: Promise<void> | undefined;
  return {
    async enqueueRun(request) {
      checkRequest(request);
      const runId = randomUUID();
      await database.transaction((session) => enqueueIn(session, boss, runId, request));
      return runId;
    },
    async getRun(runId) {
      const [row] = await query("WHERE run_id = $1", [runId]);
      return row === undefined ? undefined : runOfRow(row);
    },
    async listRuns(listOptions = {}) {
      const limit = listOptions.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1) {
        throw new RangeError(`listRuns: limit must be a whole number of at least 1, got ${limit}.`);
      }
      const rows = await query("ORDER BY created_at DESC LIMIT $1", [limit]);
      return rows.map(runOfRow);
    },
    async cancelRun(runId) {
      await database.query(
        `UPDATE keel_durable.runs SET status = 'cancelled', updated_at = now()
         WHERE run_id = $1 AND status IN ('queued', 'running', 'awaiting_approval')`,
        [runId],
      );
      const [row] = await query("WHERE run_id = $1", [runId]);
      return row === undefined ? undefined : runOfRow(row);
    },
    async decideRun(runId, decisions) {
      const decisionId = randomUUID();
      return database.transaction((session) => decideIn(session, boss, runId, decisions, decisionId));
    },
    async startWorker(workerOptions) {
      const worker = await startWorker(database, { leaseSeconds, ...workerOptions });
      workers.add(worker);
      return worker;
    },
    close() {
      closing ??= (async () => {
        await Promise.all([...workers].map((worker) => worker.stop()));
        await boss.stop({ graceful: false, close: true });
        await database.close();
      })();
      return closing;
    },
  };
}

/*
 * The two statements that send a job, each one transaction keyed by an id made before it: a transaction the
 * store sends again (its connection to the folder's owner was lost, maybe after the commit — see
 * `database.ts`) finds its own first commit and does nothing more. Never a second run or a second job.
 */

/** Stores the run and its job together: never a queued row no worker will take, nor a job without a run. */
export async function enqueueIn(
  session: DurableSession,
  boss: PgBoss,
  runId: string,
  request: RunRequest,
): Promise<void> {
  const inserted = await session.query(
    `INSERT INTO keel_durable.runs (run_id, agent, input, status) VALUES ($1, $2, $3, 'queued')
     ON CONFLICT (run_id) DO NOTHING RETURNING 1`,
    [runId, request.agent, JSON.stringify(request)],
  );
  if (inserted.length > 0) await boss.send(RUN_QUEUE, { runId }, { db: bossSession(session) });
}

/**
 * Records decisions on a run awaiting approval (marked with this call's `decisionId`) and queues its
 * continuation; `false` when it was not awaiting approval, unless this very call already decided it.
 */
export async function decideIn(
  session: DurableSession,
  boss: PgBoss,
  runId: string,
  decisions: readonly ApprovalDecision[],
  decisionId: string,
): Promise<boolean> {
  const [held] = await session.query<{ pending: Array<{ approvalId: string }> | null }>(
    `SELECT checkpoint->'pending' AS pending FROM keel_durable.runs
     WHERE run_id = $1 AND status = 'awaiting_approval' FOR UPDATE`,
    [runId],
  );
  if (held !== undefined) checkDecisions(runId, decisions, held.pending ?? []);
  const decided = await session.query(
    `UPDATE keel_durable.runs SET status = 'queued', decisions = $2, decision_id = $3, updated_at = now()
     WHERE run_id = $1 AND status = 'awaiting_approval' RETURNING 1`,
    [runId, JSON.stringify(decisions), decisionId],
  );
  if (decided.length === 0) {
    const mine = await session.query(
      "SELECT 1 FROM keel_durable.runs WHERE run_id = $1 AND decision_id = $2",
      [runId, decisionId],
    );
    return mine.length > 0;
  }
  await boss.send(RUN_QUEUE, { runId }, { db: bossSession(session) });
  return true;
}

/**
 * What can be checked without the approval key: an array of decisions, each naming one of the run's pending
 * calls once, with a verdict and a signature (`approveCall` / `rejectCall` make them). The signature itself
 * is verified by the worker, with its key; one that does not verify leaves the run awaiting approval.
 */
function checkDecisions(runId: string, decisions: unknown, pending: ReadonlyArray<{ approvalId: string }>) {
  const ids = new Set(pending.map((call) => call.approvalId));
  const refuse = (why: string) => {
    throw new TypeError(
      `decideRun: ${why}; run ${runId} still awaits approval. Make decisions with approveCall / rejectCall.`,
    );
  };
  if (!Array.isArray(decisions) || decisions.length === 0) refuse("give an array of one decision or more");
  const seen = new Set<string>();
  for (const decision of decisions as unknown[]) {
    const { approvalId, verdict, signature } = (decision ?? {}) as Record<string, unknown>;
    if (typeof approvalId !== "string" || !ids.has(approvalId)) {
      refuse(`${JSON.stringify(String(approvalId))} is not a pending call of the run`);
    }
    if (seen.has(approvalId as string)) refuse(`${approvalId} is decided twice`);
    seen.add(approvalId as string);
    if (verdict !== "approve" && verdict !== "reject") refuse(`the decision on ${approvalId} has no verdict`);
    if (typeof signature !== "string" || signature === "")
      refuse(`the decision on ${approvalId} is not signed`);
  }
}

function checkRequest(request: RunRequest): void {
  if (typeof request?.agent !== "string" || request.agent === "") {
    throw new TypeError("enqueueRun: `agent` must name an agent of the workers' registry.");
  }
  if ((request.prompt === undefined) === (request.messages === undefined)) {
    throw new TypeError("enqueueRun: give exactly one of `prompt` and `messages`.");
  }
  if (request.prompt !== undefined && (typeof request.prompt !== "string" || request.prompt.trim() === "")) {
    throw new TypeError("enqueueRun: `prompt` must be a non-empty string.");
  }
  if (request.messages !== undefined && (!Array.isArray(request.messages) || request.messages.length === 0)) {
    throw new TypeError("enqueueRun: `messages` must be a non-empty array.");
  }
}
