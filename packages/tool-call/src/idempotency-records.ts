import { createHash } from "node:crypto";
import { type ErrorOutcome, transientError, validationError } from "@keel/errors";
import type { Toolset } from "@keel/tools";
import { canonicalJson } from "@keel/tools/internal";

/** What a key was bound to before: nothing (now bound to this request), this very request, or another one. */
export type IdempotencyClaim = "claimed" | "same" | "other";

/**
 * Which request each idempotency key was first used for (Stripe's rule: a key names one request). The tool-call
 * path claims the key of every write with the request's fingerprint before the handler runs; a key already
 * bound to another request is refused, so a reused key can neither return the first request's result nor
 * drop the second. Give the records of your store (the support desk's backends implement it in SQL), so the
 * binding holds across processes and replicas; without one, a toolset keeps its own in memory.
 */
export interface IdempotencyRecords {
  claimIdempotencyKey(key: string, fingerprint: string): Promise<IdempotencyClaim> | IdempotencyClaim;
}

/** The hex sha256 of a request: the tool's name and its canonical validated input (keys sorted). */
export function requestFingerprint(toolName: string, input: unknown): string {
  return createHash("sha256")
    .update(`${toolName}\u0000${canonicalJson(input)}`)
    .digest("hex");
}

/**
 * Records held in this process, the oldest forgotten past `maxKeys` (default 10 000): enough to refuse a
 * reused key within a process; a store's records are what make it hold across processes.
 */
export function memoryIdempotencyRecords(maxKeys = 10_000): IdempotencyRecords {
  const bound = new Map<string, string>();
  return {
    claimIdempotencyKey(key, fingerprint) {
      const first = bound.get(key);
      if (first !== undefined) return first === fingerprint ? "same" : "other";
      bound.set(key, fingerprint);
      if (bound.size > maxKeys) bound.delete(bound.keys().next().value as string);
      return "claimed";
    },
  };
}

const toolsetRecords = new WeakMap<Toolset, IdempotencyRecords>();

/** The in-memory records of one toolset: the default when the caller gives none. */
export function recordsOfToolset(toolset: Toolset): IdempotencyRecords {
  let records = toolsetRecords.get(toolset);
  if (records === undefined) {
    records = memoryIdempotencyRecords();
    toolsetRecords.set(toolset, records);
  }
  return records;
}

/**
 * Claims `key` for the request; the error to answer with when it cannot be used (bound to another request,
 * or the records did not answer: then nothing ran and the same call may be retried), else undefined.
 */
export async function claimKey(
  records: IdempotencyRecords,
  key: string,
  toolName: string,
  input: unknown,
): Promise<ErrorOutcome | undefined> {
  let claim: IdempotencyClaim;
  try {
    claim = await records.claimIdempotencyKey(key, requestFingerprint(toolName, input));
  } catch {
    return transientError(
      "IDEMPOTENCY_RECORDS_UNAVAILABLE",
      `The record of idempotency keys did not answer, so "${toolName}" was not run. Retry the same call shortly.`,
    );
  }
  if (claim !== "other") return undefined;
  return validationError(
    "IDEMPOTENCY_KEY_REUSED",
    `This idempotency key was already used for a different "${toolName}" request, so nothing was done. Use a ` +
      "new key for a new request; repeat a request only with exactly the same input.",
    { details: { field: "idempotency_key" } },
  );
}
