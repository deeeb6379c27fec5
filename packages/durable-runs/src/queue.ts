import { PgBoss } from "pg-boss";
import type { DurableDatabase } from "./database.js";
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

/** The queue's lease and retries: a lost lease fails the attempt; the retry takes the run from its checkpoint. */
export const queueOptions = (leaseSeconds: number) => ({
  heartbeatSeconds: leaseSeconds,
  retryLimit: 1000,
  retryDelay: 0,
  expireInSeconds: 6 * 60 * 60,
});

export const DEFAULT_LEASE_SECONDS = 20;

export function checkLease(leaseSeconds: number): number {
  if (!Number.isInteger(leaseSeconds) || leaseSeconds < 10) {
    throw new RangeError(`leaseSeconds must be an integer >= 10 (pg-boss's heartbeat), got ${leaseSeconds}.`);
  }
  return leaseSeconds;
}
