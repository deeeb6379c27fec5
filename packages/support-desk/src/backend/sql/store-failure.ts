import type { StoreFailure } from "../types.js";

const TIMEOUT_SQLSTATES = new Set([
  "57014", // query_canceled (statement_timeout)
  "55P03", // lock_not_available (lock_timeout)
  "40001", // serialization_failure: rolled back, safe to retry
  "40P01", // deadlock_detected: rolled back, safe to retry
]);
const UNREACHABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03"]); // shutdowns, cannot connect now
const UNREACHABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection error|Cannot use a pool after calling end|PGlite is closed|ended unexpectedly/i;

/**
 * Classifies a thrown database error as a store failure, or null for anything else (a bug, a constraint
 * the code did not expect), which must surface as such rather than pass for an outage or for "not found".
 */
export function storeFailureOf(error: unknown): StoreFailure | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (TIMEOUT_SQLSTATES.has(code) || code === "ETIMEDOUT") return { kind: "timeout" };
    if (code.startsWith("08") || code.startsWith("53") || UNREACHABLE_SQLSTATES.has(code))
      return { kind: "unreachable" };
    if (UNREACHABLE_ERRNOS.has(code)) return { kind: "unreachable" };
  }
  // pg's client-side limits: "timeout exceeded when trying to connect", "Query read timeout".
  if (/timeout exceeded|timed out|connection timeout|read timeout/i.test(error.message))
    return { kind: "timeout" };
  if (UNREACHABLE_MESSAGES.test(error.message)) return { kind: "unreachable" };
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const failure = storeFailureOf(inner);
      if (failure) return failure;
    }
  }
  return null;
}

/** Runs a store call; store failures become results, anything else is rethrown. */
export async function guarded<T>(run: () => Promise<T>): Promise<T | StoreFailure> {
  try {
    return await run();
  } catch (error) {
    const failure = storeFailureOf(error);
    if (failure) return failure;
    throw error;
  }
}
