import { PgBoss } from "pg-boss";
import type { DurableDatabase } from "./database.js";
import { MAX_LEASE_SECONDS, MIN_LEASE_SECONDS } from "./lease.js";
import { RUN_QUEUE } from "./schema.js";

/** A started pg-boss on the database, with the runs' queue created. */
export async function startBoss(
  database: DurableDatabase,
  options: ConstructorParameters<typeof PgBoss>[0] & object,
  queue: Parameters<PgBoss["createQueue"]>[1] = {},
): Promise<PgBoss> {
  const boss = new PgBoss({ ...database.bossOptions, ...options } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", (error) => {
    if (process.env.KEEL_DEBUG) console.error(error);
  }); // pg-boss retries its own background work; a run's failure is in its row
  await boss.start();
  if ((await boss.getQueue(RUN_QUEUE)) === null) await boss.createQueue(RUN_QUEUE, queue);
  else if (Object.keys(queue).length > 0) await boss.updateQueue(RUN_QUEUE, queue);
  return boss;
}

/** pg-boss refuses a job heartbeat below this. */
const BOSS_MIN_HEARTBEAT_SECONDS = 10;

/**
 * The queue's retries and pg-boss's own heartbeat. A lost lease (Keel's, see `lease.ts`) fails the attempt;
 * the retry takes the run from its checkpoint. pg-boss's heartbeat (at least 10 s) is the backstop for a
 * worker that dies between taking a job and leasing its run.
 */
export const queueOptions = (leaseSeconds: number) => ({
  heartbeatSeconds: Math.max(BOSS_MIN_HEARTBEAT_SECONDS, Math.ceil(leaseSeconds)),
  retryLimit: 1000,
  // Only the store's failures and lost leases are retried (a run that fails deterministically ends once):
  // 1 s, doubling, at most a minute apart.
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 6 * 60 * 60,
});

export const DEFAULT_LEASE_SECONDS = 20;

export function checkLease(leaseSeconds: number): number {
  if (
    !Number.isFinite(leaseSeconds) ||
    leaseSeconds < MIN_LEASE_SECONDS ||
    leaseSeconds > MAX_LEASE_SECONDS
  ) {
    throw new RangeError(
      `leaseSeconds must be a number from ${MIN_LEASE_SECONDS} to ${MAX_LEASE_SECONDS} (a day), got ${leaseSeconds}.`,
    );
  }
  return leaseSeconds;
}
