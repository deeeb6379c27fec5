import { type RunResult, type RunSnapshot, RunSnapshotError, resumeRun, runAgent } from "@keel/loop";
import type { ApprovalKey } from "@keel/loop/internal";
import type { PgBoss } from "pg-boss";
import type { AgentDefinition, AgentRegistry } from "./agent-registry.js";
import { CheckpointWriter, loadCheckpoint } from "./checkpoint-rows.js";
import { bossSession, type DurableDatabase } from "./database.js";
import { holdLease } from "./lease.js";
import type { RunRow, StoredResult } from "./run-record.js";
import { storedResultOf } from "./run-record.js";
import { RUN_QUEUE } from "./schema.js";

/** What a worker did with a run. `status` is the run's as stored (`running`: stopped at a checkpoint). */
export type WorkerProgress =
  | { readonly kind: "taken"; readonly runId: string; readonly attempt: number }
  | { readonly kind: "settled"; readonly runId: string; readonly status: string };

/** What one job needs from its worker. */
export interface JobContext {
  readonly database: DurableDatabase;
  /** The worker's pg-boss: a run's end completes its job in the same transaction. */
  readonly boss: PgBoss;
  readonly agents: AgentRegistry;
  readonly approvalKey?: ApprovalKey | undefined;
  /** Wraps each run's model client (the fleet-wide limit on requests in flight). */
  readonly wrapClient?: ((client: RunOptionsClient) => RunOptionsClient) | undefined;
  readonly onProgress?: ((event: WorkerProgress) => void) | undefined;
  /** The lease this worker holds each run with (see `lease.ts`). */
  readonly leaseSeconds: number;
  /** True once the worker drains: each held run stops at its next checkpoint and goes back to the queue. */
  readonly draining?: (() => boolean) | undefined;
}

/** The pg-boss job that carries a run: its id and attempt (pg-boss's `retryCount`). */
export interface RunJobRef {
  readonly id: string;
  readonly retryCount: number;
  readonly data: { readonly runId: string };
}

type RunOptionsClient = Parameters<typeof runAgent>[0]["client"];

/** The run's row changed under this worker: cancelled, or taken by another worker after a lost lease. */
class RunLost extends Error {}

/**
 * The worker is draining: the run stopped at the checkpoint just written. Thrown out of the job, so pg-boss
 * fails it back to the queue and another worker resumes the run from that checkpoint.
 */
class Drained extends Error {}

/**
 * Takes a run, rebuilds its agent from the registry, and runs it from its last checkpoint: from the prompt
 * when there is none, with the decisions when it awaits approval. Each checkpoint and the result are written
 * fenced by the attempt number, so a worker that lost its lease can no longer write. A store that fails throws
 * (pg-boss retries the job, from the last checkpoint).
 */
export async function runJob(context: JobContext, job: RunJobRef): Promise<void> {
  const { runId } = job.data;
  let status = "running";
  try {
    status = await takeAndRun(context, job);
  } finally {
    if (status !== "untaken") context.onProgress?.({ kind: "settled", runId, status });
  }
}

/** The run's status when this worker let it go ("untaken": it was not this worker's to run). */
async function takeAndRun(context: JobContext, job: RunJobRef): Promise<string> {
  const { database, leaseSeconds } = context;
  const { runId } = job.data;
  const [row] = await database.query<RunRow>(
    `UPDATE keel_durable.runs SET status = 'running', attempts = attempts + 1, updated_at = now(),
       job_id = $2, job_retry = $3, lease_until = now() + make_interval(secs => $4)
     WHERE run_id = $1 AND status IN ('queued', 'running') RETURNING *`,
    [runId, job.id, job.retryCount, leaseSeconds],
  );
  if (row === undefined) return "untaken"; // cancelled, or already ended
  const attempt = row.attempts;
  const releaseLease = holdLease(database, runId, attempt, leaseSeconds);
  try {
    return await runTaken(context, job, row, attempt);
  } finally {
    releaseLease();
  }
}

async function runTaken(context: JobContext, job: RunJobRef, row: RunRow, attempt: number): Promise<string> {
  const runId = row.run_id;
  const failOnce = (message: string) => fail(context, job, attempt, message);
  context.onProgress?.({ kind: "taken", runId, attempt });
  const factory = context.agents[row.agent];
  if (factory === undefined) {
    await failOnce(`No agent named "${row.agent}" in this worker's registry.`);
    return "model_error";
  }
  const metadata = row.input.metadata ?? {};
  let agent: AgentDefinition;
  try {
    agent = await factory({ runId, metadata, decided: row.decisions !== null });
  } catch (error) {
    await failOnce(`The agent "${row.agent}" could not be built: ${messageOf(error)}`);
    return "model_error";
  }
  const client = context.wrapClient?.(agent.client) ?? agent.client;
  const writer = new CheckpointWriter(runId, attempt);
  let failure: unknown;
  const checkpoint = async (snapshot: RunSnapshot): Promise<void> => {
    try {
      if ((await writer.save(context.database, snapshot)) === undefined) {
        throw new RunLost("the run was cancelled or taken by another worker");
      }
      if (context.draining?.() === true && snapshot.status === "running") {
        throw new Drained("the worker is draining: the run stopped at its checkpoint");
      }
    } catch (error) {
      failure = error;
      throw error;
    }
  };
  const saved = await loadCheckpoint(context.database, row);
  let result: RunResult;
  try {
    result = await start(row, saved, { ...agent, client, metadata, checkpoint }, context.approvalKey);
  } catch (error) {
    // A store that failed (or a run lost) is retried; anything else (an agent whose settings the loop
    // refuses) fails the same way every time: it ends the run once, with why. Decisions that do not verify
    // (signed with another key, not for this run's pending calls) leave the run awaiting approval.
    if (failure instanceof RunLost) return storedStatus(context, runId);
    if (failure instanceof Drained) throw await released(context, job, attempt, failure);
    if (failure !== undefined) throw failure;
    if (row.decisions !== null && RunSnapshotError.isInstance(error) && error.code === "INVALID_APPROVAL") {
      return refuseDecisions(context, job, attempt, error.message);
    }
    await failOnce(messageOf(error));
    return "model_error";
  }
  if (failure instanceof RunLost) return storedStatus(context, runId);
  if (failure instanceof Drained) throw await released(context, job, attempt, failure);
  if (failure !== undefined) throw failure;
  const written = await finish(context, job, writer, storedResultOf(result), result.snapshot);
  return written ? result.status : await storedStatus(context, runId);
}

/** Gives a drained run's lease up at once (its job is failed back to the queue by the caller's throw). */
async function released(context: JobContext, job: RunJobRef, attempt: number, drained: Drained) {
  await context.database
    .query(
      `UPDATE keel_durable.runs SET lease_until = NULL
       WHERE run_id = $1 AND attempts = $2 AND status = 'running'`,
      [job.data.runId, attempt],
    )
    .catch(() => {}); // the lease expires instead
  return drained;
}

/** The run's status as stored (a run this worker no longer holds: cancelled, or taken by another). */
async function storedStatus(context: JobContext, runId: string): Promise<string> {
  const [row] = await context.database.query<{ status: string }>(
    "SELECT status FROM keel_durable.runs WHERE run_id = $1",
    [runId],
  );
  return row?.status ?? "lost";
}

/**
 * Puts a run whose decisions did not verify back to awaiting approval, as it was, with why in its result's
 * `error` (`invalid_decision`): a person decides again (with the key the workers verify with). Completes its
 * job in the same transaction, fenced by the attempt like a run's end.
 */
async function refuseDecisions(context: JobContext, job: RunJobRef, attempt: number, message: string) {
  await context.database.transaction(async (session) => {
    const error = JSON.stringify({ kind: "invalid_decision", message });
    const restored = await session.query(
      `UPDATE keel_durable.runs SET status = 'awaiting_approval', decisions = NULL, job_id = NULL,
         lease_until = NULL, updated_at = now(),
         result = jsonb_set(COALESCE(result, '{}'::jsonb), '{error}', $3::jsonb)
       WHERE run_id = $1 AND attempts = $2 AND status = 'running' RETURNING run_id`,
      [job.data.runId, attempt, error],
    );
    if (restored.length === 0) return;
    await context.boss.complete(RUN_QUEUE, [{ id: job.id, retryCount: job.retryCount }], null, {
      db: bossSession(session),
    });
  });
  return "awaiting_approval";
}

type StartOptions = Parameters<typeof runAgent>[0] & Parameters<typeof resumeRun>[2];

function start(
  row: RunRow,
  saved: RunSnapshot | null,
  options: StartOptions,
  approvalKey: ApprovalKey | undefined,
): Promise<RunResult> {
  if (saved === null) {
    const input =
      row.input.prompt !== undefined ? { prompt: row.input.prompt } : { messages: row.input.messages };
    return runAgent({ ...options, ...input, idGenerator: () => row.run_id });
  }
  const { prompt: _prompt, messages: _messages, ...resume } = options;
  if (saved.status === "awaiting_approval") {
    return resumeRun(saved, row.decisions ?? [], { ...resume, approvalKey });
  }
  return resumeRun(saved, [], resume);
}

/**
 * Writes the run's end, fenced by the attempt, with the snapshot to resume from when it has one; and, in the
 * same transaction, completes the run's pg-boss job (fenced by the job's attempt) and forgets it (`job_id`).
 * A worker that dies at any point leaves either both or neither: never an ended run whose job stays active
 * until pg-boss's own heartbeat expires it.
 */
async function finish(
  context: JobContext,
  job: RunJobRef,
  writer: CheckpointWriter,
  result: StoredResult,
  snapshot?: RunSnapshot,
): Promise<boolean> {
  return context.database.transaction(async (session) => {
    const values = [result.status, JSON.stringify(result)];
    const written =
      snapshot !== undefined
        ? (await writer.save(session, snapshot, {
            set: ", status = $7, result = $8, decisions = NULL, job_id = NULL, lease_until = NULL",
            values,
          })) !== undefined
        : (
            await session.query(
              `UPDATE keel_durable.runs SET status = $3, result = $4, decisions = NULL, job_id = NULL,
                 lease_until = NULL, updated_at = now()
               WHERE run_id = $1 AND attempts = $2 AND status = 'running' RETURNING run_id`,
              [writer.runId, writer.attempt, ...values],
            )
          ).length > 0;
    if (!written) return false; // the run was cancelled or taken by another worker: its job is theirs
    await context.boss.complete(RUN_QUEUE, [{ id: job.id, retryCount: job.retryCount }], null, {
      db: bossSession(session),
    });
    return true;
  });
}

/**
 * Ends a run whose execution fails deterministically (no such agent, its factory throws, the loop refuses
 * its options or decisions): `model_error` with the reason, once. Retrying would fail the same way, and would
 * hold a worker's slot from the runs behind it.
 */
async function fail(context: JobContext, job: RunJobRef, attempt: number, message: string) {
  await finish(context, job, new CheckpointWriter(job.data.runId, attempt), {
    status: "model_error",
    text: "",
    usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    modelRequests: 0,
    iterations: 0,
    error: { kind: "internal", message },
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
