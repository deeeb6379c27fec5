import { randomUUID } from "node:crypto";
import type { ModelClient, ModelRequestOptions } from "@keel/loop";
import { ModelClientError } from "@keel/loop";
import type { DurableSession } from "./database.js";

/** The fleet-wide limit on model requests in flight: one API key's rate limit shared by every worker. */
export interface ModelRequestLimit {
  /** Requests in flight at once, across every worker on the database. */
  readonly maxInFlight: number;
  /**
   * Seconds a slot outlives a holder that stopped renewing it (a killed worker). Renewed every third of it
   * while the request runs. Default 60.
   */
  readonly slotSeconds?: number | undefined;
}

/**
 * Takes a free slot for holder `$1`, or returns the one it already holds: a statement the store sends again
 * after its first commit (see `database.ts`) must not take a second slot that nobody gives back.
 */
export const TAKE_SLOT = `
WITH mine AS (
  SELECT slot FROM keel_durable.model_request_slots WHERE holder = $1 AND until >= now()
), taken AS (
  INSERT INTO keel_durable.model_request_slots (slot, holder, until)
  SELECT free.slot, $1, now() + make_interval(secs => $3)
  FROM generate_series(0, $2::int - 1) AS free(slot)
  WHERE NOT EXISTS (SELECT 1 FROM mine)
    AND free.slot NOT IN (SELECT slot FROM keel_durable.model_request_slots WHERE until >= now())
  ORDER BY free.slot LIMIT 1
  ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, until = excluded.until
    WHERE keel_durable.model_request_slots.until < now()
  RETURNING slot
)
SELECT slot FROM mine UNION ALL SELECT slot FROM taken`;

/**
 * Wraps a client so that each request first takes one of `maxInFlight` numbered slots in the database and
 * gives it back when the request settles. The slot's primary key is what holds the limit: two workers
 * taking the same slot at once conflict, and the loser looks again. A killed worker's slot expires.
 */
export function limitModelRequests(
  client: ModelClient,
  database: DurableSession,
  limit: ModelRequestLimit,
): ModelClient {
  const slotSeconds = limit.slotSeconds ?? 60; // checked once, by startWorker (checkModelRequestLimit)
  async function withSlot<T>(signal: AbortSignal | undefined, request: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    let slot: number | undefined;
    while (slot === undefined) {
      if (signal?.aborted)
        throw new ModelClientError("aborted", "The run was stopped while waiting for a model slot.");
      const [taken] = await database.query<{ slot: number }>(TAKE_SLOT, [
        holder,
        limit.maxInFlight,
        slotSeconds,
      ]);
      slot = taken?.slot;
      if (slot === undefined) await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
    const renew = setInterval(
      () => {
        database
          .query(
            `UPDATE keel_durable.model_request_slots SET until = now() + make_interval(secs => $3)
             WHERE slot = $1 AND holder = $2`,
            [slot, holder, slotSeconds],
          )
          .catch(() => {}); // a missed renewal only shortens the slot
      },
      (slotSeconds * 1000) / 3,
    );
    renew.unref();
    try {
      return await request();
    } finally {
      clearInterval(renew);
      await database
        .query("DELETE FROM keel_durable.model_request_slots WHERE slot = $1 AND holder = $2", [slot, holder])
        .catch(() => {}); // it expires instead
    }
  }
  const limited: ModelClient = {
    name: client.name,
    create: (request, options?: ModelRequestOptions) =>
      withSlot(options?.signal, () => client.create(request, options)),
  };
  const serialized = client.createSerialized?.bind(client);
  const countTokens = client.countTokens?.bind(client);
  return {
    ...limited,
    ...(serialized === undefined
      ? {}
      : {
          createSerialized: (request, json, options) =>
            withSlot(options?.signal, () => serialized(request, json, options)),
        }),
    ...(countTokens === undefined ? {} : { countTokens }),
  };
}

/** The most model requests in flight a fleet may allow (one slot row each). */
export const MAX_IN_FLIGHT = 10_000;

/** Throws a RangeError for a limit that is not one (a worker checks it before it takes any run). */
export function checkModelRequestLimit(limit: ModelRequestLimit): void {
  const { maxInFlight } = limit;
  const slotSeconds = limit.slotSeconds ?? 60;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1 || maxInFlight > MAX_IN_FLIGHT) {
    throw new RangeError(
      `modelRequests.maxInFlight must be a whole number from 1 to ${MAX_IN_FLIGHT}, got ${maxInFlight}.`,
    );
  }
  if (!Number.isFinite(slotSeconds) || slotSeconds < 1) {
    throw new RangeError(`modelRequests.slotSeconds must be at least 1, got ${slotSeconds}.`);
  }
}
