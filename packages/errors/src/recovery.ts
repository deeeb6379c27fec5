import { KeelConfigError } from "./keel-error.js";
import type { ErrorCategory, Recovery, ToolOutcome } from "./types.js";

export interface RecoveryContext {
  /** 1-based number of the attempt that produced this outcome. */
  readonly attempt: number;
  /** Attempts allowed in total; from this one on, nothing is retried. */
  readonly maxAttempts: number;
  /** Did this attempt use different arguments from the previous one? (false on the first attempt) */
  readonly argumentsChanged: boolean;
}

/** What each error category allows while attempts remain. Exhausted attempts always escalate. */
const WHILE_ATTEMPTS_REMAIN: Readonly<Record<ErrorCategory, Recovery>> = {
  transient: "retry",
  validation: "revise-arguments",
  business: "escalate",
  permission: "escalate",
  unclassified: "escalate",
};

function checkContext(context: RecoveryContext): void {
  const { attempt, maxAttempts, argumentsChanged } = context ?? {};
  if (!Number.isInteger(attempt) || attempt < 1 || !Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new KeelConfigError(
      "INVALID_RECOVERY_CONTEXT",
      `recoveryFor: attempt and maxAttempts must be integers >= 1, got ${attempt} and ${maxAttempts}.`,
    );
  }
  if (typeof argumentsChanged !== "boolean") {
    throw new KeelConfigError("INVALID_RECOVERY_CONTEXT", "recoveryFor: argumentsChanged must be a boolean.");
  }
}

/**
 * The deterministic next step after an outcome: `answer`, `retry` (the same call), `revise-arguments`
 * or `escalate`. Business, permission and unclassified errors escalate on every attempt, whatever their
 * `retryable` flag says. Throws KeelConfigError on an invalid context (a programmer error).
 */
export function recoveryFor(outcome: ToolOutcome, context: RecoveryContext): Recovery {
  checkContext(context);
  if (!outcome.isError) return "answer";
  const attemptsRemain = context.attempt < context.maxAttempts;
  // A verbatim repeat of arguments that already failed validation will fail the same way.
  const repeatedInvalidArguments =
    outcome.category === "validation" && context.attempt > 1 && !context.argumentsChanged;
  if (!outcome.retryable || !attemptsRemain || repeatedInvalidArguments) return "escalate";
  return WHILE_ATTEMPTS_REMAIN[outcome.category];
}
