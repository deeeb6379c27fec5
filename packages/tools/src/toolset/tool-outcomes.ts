import type { ErrorOutcome } from "@keel/errors";
import { transientError, unclassifiedError } from "@keel/errors";
import type { Tool } from "../types.js";
import type { FieldProblem } from "./describe-issues.js";

type NamedTool = Pick<Tool, "name" | "effect" | "idempotent" | "timeoutMs">;

/**
 * The tool ran past its time limit and its signal was aborted. A read, or an idempotent write, may simply
 * be retried; any other write may already have happened, so it is not retryable and the message says so.
 */
export function timedOut(tool: NamedTool): ErrorOutcome {
  const safeToRepeat = tool.effect === "read" || tool.idempotent === true;
  const advice = safeToRepeat
    ? "Retry the same call; if it times out again, tell the user the service is slow right now."
    : "It may or may not have taken effect: do not repeat it blindly; check with a read tool or tell the user.";
  return transientError(
    "TOOL_TIMEOUT",
    `The tool "${tool.name}" did not finish within ${tool.timeoutMs} ms and was cancelled. ${advice}`,
    { retryable: safeToRepeat, details: { tool: tool.name, timeoutMs: tool.timeoutMs ?? null } },
  );
}

/** The caller aborted the run (before or while the tool ran); the model is not asked to retry. */
export function canceled(tool: NamedTool, when: "before" | "during"): ErrorOutcome {
  const effect =
    when === "before"
      ? "before it started; it had no effect."
      : tool.effect === "read"
        ? "while it was running."
        : "while it was running; it may or may not have taken effect.";
  return transientError("TOOL_ABORTED", `The call to "${tool.name}" was cancelled by the caller ${effect}`, {
    retryable: false,
    details: { tool: tool.name, when },
  });
}

export function notAnOutcome(toolName: string): ErrorOutcome {
  return unclassifiedError(
    "INVALID_TOOL_RESULT",
    `The tool "${toolName}" returned something that is not a tool outcome, so its result cannot be trusted. ` +
      "Do not repeat the same call; tell the user it could not be completed right now, or escalate to a human.",
    { details: { tool: toolName } },
  );
}

export function outputMismatch(toolName: string, fields: FieldProblem[]): ErrorOutcome {
  return unclassifiedError(
    "INVALID_TOOL_OUTPUT",
    `The tool "${toolName}" returned data that does not match its declared output schema, so it cannot be ` +
      "trusted. Do not repeat the same call; tell the user it could not be completed right now, or escalate.",
    { details: { tool: toolName, fields } },
  );
}

/** Built by hand: the one outcome that must exist even if a builder itself failed. */
export function lastResort(toolName: string): ErrorOutcome {
  return {
    kind: "error",
    isError: true,
    category: "unclassified",
    code: "TOOL_EXCEPTION",
    message:
      `The tool "${toolName}" failed unexpectedly and did not say why. Do not repeat the same call; ` +
      "tell the user it could not be completed right now, or escalate to a human.",
    retryable: false,
  };
}
