import { type ErrorOutcome, transientError } from "@keel/errors";
import type { StoreFailure } from "../backend/types.js";

/** Which store failed: each has its own codes so the model (and a person reading traces) knows what to retry. */
type Store = "orders" | "customers" | "tickets";

const CODES = {
  orders: { timeout: "ORDERS_UPSTREAM_TIMEOUT", unreachable: "ORDERS_DB_UNREACHABLE" },
  customers: { timeout: "CUSTOMERS_UPSTREAM_TIMEOUT", unreachable: "CUSTOMERS_DB_UNREACHABLE" },
  tickets: { timeout: "TICKETS_UNAVAILABLE", unreachable: "TICKETS_UNAVAILABLE" },
} as const;

export function isStoreFailure(result: { readonly kind: string }): result is StoreFailure {
  return result.kind === "timeout" || result.kind === "unreachable";
}

/** The code of a store's failure: a timeout and an unreachable store read differently in traces. */
export function storeFailureCode(store: Store, failure: StoreFailure): string {
  return CODES[store][failure.kind];
}

/**
 * An outage as a transient error. The message says the answer is UNKNOWN — never that the thing is
 * missing — and that the same call may be retried; `writeNote` adds what a write's retry means.
 */
export function storeFailureOutcome(store: Store, failure: StoreFailure, writeNote = ""): ErrorOutcome {
  const what =
    failure.kind === "timeout"
      ? `The ${store} store did not answer in time`
      : `The ${store} store could not be reached`;
  return transientError(
    storeFailureCode(store, failure),
    `${what}, so the answer is UNKNOWN: do not tell the customer it does not exist. ` +
      `Retry the same call shortly; if it keeps failing, tell the customer you cannot check right now.${writeNote}`,
    { retryAfterMs: 500 },
  );
}
