import { type ErrorOutcome, unclassifiedError } from "@keel/errors";
import type { HookFailure } from "./settle-hook.js";

/** The error code of every fail-closed outcome produced by this package. */
export const HOOK_FAILED = "HOOK_FAILED";

function describeFailure(failure: HookFailure, timeoutMs: number): string {
  switch (failure) {
    case "threw":
      return "it failed unexpectedly";
    case "timeout":
      return `it did not answer within ${timeoutMs} ms`;
    case "aborted":
      return "the run was aborted while it was running";
    case "invalid_result":
      return "it returned an invalid result";
  }
}

interface FailureReport {
  readonly hookName: string;
  readonly toolName: string;
  readonly failure: HookFailure;
  readonly timeoutMs: number;
}

/**
 * The block error of a pre-tool hook that could not decide. Names the hook and the failure kind,
 * never the thrown message or a stack: those can carry internals the model must not see.
 */
export function preHookFailed(report: FailureReport): ErrorOutcome {
  return unclassifiedError(
    HOOK_FAILED,
    `The safety check "${report.hookName}" could not decide on this call to ${report.toolName} ` +
      `(${describeFailure(report.failure, report.timeoutMs)}), so the call was blocked and nothing ran. ` +
      "Do not repeat the same call: tell the user it cannot be completed right now, or escalate to a human.",
    { retryable: false, details: detailsOf(report) },
  );
}

/**
 * The outcome that replaces a result whose post-tool hook failed: the tool did run, but its result
 * was withheld so unfiltered data never enters the history.
 */
export function postHookFailed(report: FailureReport): ErrorOutcome {
  return unclassifiedError(
    HOOK_FAILED,
    `${report.toolName} ran, but its result was withheld because the result filter "${report.hookName}" ` +
      `failed (${describeFailure(report.failure, report.timeoutMs)}). Do not repeat the call, ` +
      "since it may already have taken effect: tell the user the result is unavailable, or escalate to a human.",
    { retryable: false, details: detailsOf(report) },
  );
}

function detailsOf(report: FailureReport) {
  return { hook: report.hookName, tool: report.toolName, failure: report.failure };
}
