import { isPlainObject } from "@keel/wire/internal";
import { isErrorCategory } from "./categories.js";
import { contentOf } from "./tool-content.js";
import type { ErrorOutcome, ToolOutcome } from "./types.js";

function isRetryAfter(value: unknown): boolean {
  return value === undefined || (typeof value === "number" && Number.isFinite(value) && value >= 0);
}

/**
 * True when `value` has the shape of a ToolOutcome. It checks structure, not the builders' stricter
 * rules (SCREAMING_SNAKE codes, non-empty messages), so hand-built outcomes from older code still pass.
 */
export function isToolOutcome(value: unknown): value is ToolOutcome {
  if (typeof value !== "object" || value === null) return false;
  const outcome = value as Record<string, unknown>;
  switch (outcome.kind) {
    case "success":
      return (
        outcome.isError === false &&
        "data" in outcome &&
        (outcome.content === undefined || contentOf(outcome.content) !== undefined)
      );
    case "empty":
      return (
        outcome.isError === false && typeof outcome.code === "string" && typeof outcome.message === "string"
      );
    case "error":
      return (
        outcome.isError === true &&
        isErrorCategory(outcome.category) &&
        typeof outcome.code === "string" &&
        typeof outcome.message === "string" &&
        typeof outcome.retryable === "boolean" &&
        isRetryAfter(outcome.retryAfterMs) &&
        (outcome.attempts === undefined ||
          (Number.isSafeInteger(outcome.attempts) && (outcome.attempts as number) >= 1)) &&
        (outcome.details === undefined || isPlainObject(outcome.details))
      );
    default:
      return false;
  }
}

/** True for an error outcome. Accepts any value, so it also works as a guard on untrusted input. */
export function isErrorOutcome(value: unknown): value is ErrorOutcome {
  return isToolOutcome(value) && value.kind === "error";
}
