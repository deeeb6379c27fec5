import type { ErrorCategory, ErrorOutcome, JsonObject } from "./types.js";

/** Why a non-retryable error of each category should not be retried, in words a model acts on. */
const WHY_NOT_RETRY: Record<ErrorCategory, string> = {
  transient: "The service failed and a retry will not help now.",
  validation: "No change of arguments can make this call succeed.",
  business: "A business rule forbids this call; a retry fails the same way.",
  permission: "The caller is not allowed to do this; only someone with the permission can.",
  unclassified: "The failure is not classified, so a retry is not known to be safe.",
};

/** What a valid empty result means; it must never read like an outage. */
export const EMPTY_GUIDANCE =
  "Valid result, not an error: the tool worked and this is the answer. " +
  "Do not retry, and do not report it as a failure or an outage.";

/** The fields to fix, by convention `details.field` or `details.fields`. */
function fieldsToFix(details: JsonObject | undefined): string {
  const fields = details?.fields ?? details?.field;
  const names = (Array.isArray(fields) ? fields : [fields]).filter((name) => typeof name === "string");
  return names.length > 0 ? names.map((name) => JSON.stringify(name)).join(", ") : "the arguments";
}

/**
 * One sentence of retry guidance. Business, permission and unclassified errors are never retried, even
 * when a hand-built outcome claims `retryable: true`.
 */
export function retryGuidance(outcome: ErrorOutcome): string {
  if (outcome.retryable && outcome.category === "transient") {
    const after = outcome.retryAfterMs === undefined ? "" : ` after at least ${outcome.retryAfterMs} ms`;
    return (
      `Retry the same call${after}. If it keeps failing, tell the user the service is unavailable right now; ` +
      "do not say that what was asked for does not exist."
    );
  }
  if (outcome.retryable && outcome.category === "validation") {
    return `Do not retry with the same arguments; fix ${fieldsToFix(outcome.details)} first, then call again.`;
  }
  return `Do not retry; escalate or change plan. ${WHY_NOT_RETRY[outcome.category]}`;
}
