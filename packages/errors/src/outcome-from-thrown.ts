import { unclassifiedError } from "./builders.js";
import { isErrorOutcome } from "./guards.js";
import { ToolError } from "./tool-error.js";
import type { ErrorOutcome } from "./types.js";

export interface ThrownContext {
  /** Named in the message so the model knows which call failed. */
  readonly toolName: string;
}

/**
 * The outcome for anything a tool handler threw: a ToolError gives back its own outcome; anything else
 * becomes an unclassified, non-retryable `TOOL_EXCEPTION`. The thrown message and stack never reach the
 * outcome (they may hold paths, queries or secrets); log the original error yourself if you need it.
 */
export function outcomeFromThrown(error: unknown, context: ThrownContext): ErrorOutcome {
  if (ToolError.isInstance(error) && isErrorOutcome(error.outcome)) return error.outcome;
  const toolName = context?.toolName;
  const subject = typeof toolName === "string" && toolName.length > 0 ? `The tool "${toolName}"` : "The tool";
  return unclassifiedError(
    "TOOL_EXCEPTION",
    `${subject} failed unexpectedly and did not say why. Do not repeat the same call; ` +
      "tell the user it could not be completed right now, or escalate to a human.",
  );
}
