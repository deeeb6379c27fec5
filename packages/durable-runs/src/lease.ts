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
 * Every `monitorSeconds`, fails the pg-boss job of each run whose lease expired, so pg-boss retries it and
 * another worker takes the run from its last checkpoint. The lease is cleared and the job failed in one
 * transaction, so of several workers' monitors one fails it; the fail is fenced by the job's attempt
 * (pg-boss's `retryCount`), so a job that has moved on (settled, or taken again) is left alone.
 */
export function monitorLeases(database: DurableDatabase, boss: PgBoss, monitorSeconds: number): () => void {
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await database.transaction(async (session) => {
        const expired = await session.query<{ job_id: string; job_retry: number }>(
          `UPDATE keel_durable.runs SET lease_until = NULL
           WHERE status = 'running' AND lease_until < now() AND job_id IS NOT NULL
           RETURNING job_id, job_retry`,
        );
        if (expired.length === 0) return;
        await boss.fail(
          RUN_QUEUE,
          expired.map((run) => ({ id: run.job_id, retryCount: run.job_retry })),
          { message: "the worker holding the run stopped renewing its lease" },
          { db: bossSession(session) },
        );
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
