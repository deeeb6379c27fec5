import type { PgBoss } from "pg-boss";
import { bossSession, type DurableDatabase } from "./database.js";
import { RUN_QUEUE } from "./schema.js";

/**
 * Keel's lease on a run, beside pg-boss's job: `lease_until` on the run's row, renewed every third of the lease
 * by the worker holding it and fenced by the attempt number. pg-boss's own heartbeat cannot go below 10 s;
 * this one can, so a dead worker's runs are taken over within seconds (the tests use 2 s).
 */
export const MIN_LEASE_SECONDS = 1;
/** A day: the renewal timer (a third of the lease) stays within Node's 32-bit timer range. */
export const MAX_LEASE_SECONDS = 86_400;

/** Renews the lease of the run this worker holds (`attempt`) until the returned function is called. */
export function holdLease(
  database: DurableDatabase,
  runId: string,
  attempt: number,
  leaseSeconds: number,
): () => void {
  const renew = setInterval(
    () => {
      database
        .query(
          `UPDATE keel_durable.runs SET lease_until = now() + make_interval(secs => $3)
           WHERE run_id = $1 AND attempts = $2 AND status = 'running'`,
          [runId, attempt, leaseSeconds],
        )
        .catch(() => {}); // a missed renewal only shortens the lease
    },
    (leaseSeconds * 1000) / 3,
  );
  renew.unref();
  return () => clearInterval(renew);
}

/**
 * Every `monitorSeconds`, one sweep in one transaction:
 * - fails the pg-boss job of each run whose lease expired, so pg-boss retries it and another worker takes the
 *   run from its last checkpoint. The lease is cleared and the job failed together, so of several workers'
 *   monitors one fails it; the fail is fenced by the job's attempt (pg-boss's `retryCount`), so a job that
 *   has moved on (settled, or taken again) is left alone;
 * - completes the job of each run that ended without its worker completing it (a run cancelled while its
 *   worker was dead or about to return). A run's own end completes its job in the same transaction
 *   (`run-job.ts`) and forgets it (`job_id`), so these are few; at most `SWEEP_BATCH` a sweep.
 */
export function monitorLeases(database: DurableDatabase, boss: PgBoss, monitorSeconds: number): () => void {
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await database.transaction(async (session) => {
        const db = bossSession(session);
        const expired = await session.query<JobOfRun>(
          `UPDATE keel_durable.runs SET lease_until = NULL
           WHERE status = 'running' AND lease_until < now() AND job_id IS NOT NULL
           RETURNING job_id, job_retry`,
        );
        if (expired.length > 0) {
          await boss.fail(
            RUN_QUEUE,
            expired.map(jobOf),
            { message: "the worker holding the run stopped renewing its lease" },
            { db },
          );
        }
        const ended = await session.query<JobOfRun>(
          `WITH picked AS (
             SELECT run_id, job_id, job_retry FROM keel_durable.runs
             WHERE job_id IS NOT NULL AND status NOT IN ('queued', 'running')
             LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
           UPDATE keel_durable.runs SET job_id = NULL FROM picked
           WHERE runs.run_id = picked.run_id
           RETURNING picked.job_id, picked.job_retry`,
        );
        if (ended.length > 0) await boss.complete(RUN_QUEUE, ended.map(jobOf), null, { db });
      });
    } catch {
      // the next sweep tries again
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), monitorSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Ended runs whose jobs one sweep completes at most. */
const SWEEP_BATCH = 100;

interface JobOfRun {
  readonly job_id: string;
  readonly job_retry: number;
}

const jobOf = (run: JobOfRun) => ({ id: run.job_id, retryCount: run.job_retry });
