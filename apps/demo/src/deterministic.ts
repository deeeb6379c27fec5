/**
 * The demo's clock: every timestamp the store writes and every "today" a tool reads is this instant, so
 * two runs print the same bytes. The date matches the sample data's fee window (12 months to 2026-11-22).
 */
export const DEMO_DATE = "2026-11-22";

const DEMO_INSTANT = Date.parse(`${DEMO_DATE}T09:00:00.000Z`);

export const demoClock = (): Date => new Date(DEMO_INSTANT);

/** Run ids (and so idempotency keys) numbered per prefix instead of random. */
export function sequentialIds(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}_${++next}`;
}

/** No waiting: a retry's backoff resolves at once (the scenarios shown have no retries anyway). */
export const noSleep = async (): Promise<void> => {};
