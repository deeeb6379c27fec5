import type { ErrorCategory, ErrorOutcome, JsonObject, ToolOutcome } from "@keel/errors";
import type { SubagentRun, SubagentToolCall } from "./types.js";

/** A hand-built error outcome (not via the builders, so any retryable a category allows can be set). */
export function errorOutcome(
  category: ErrorCategory,
  code: string,
  options: { retryable?: boolean; retryAfterMs?: number; details?: JsonObject; message?: string } = {},
): ErrorOutcome {
  const retryable = options.retryable ?? (category === "transient" || category === "validation");
  return {
    kind: "error",
    isError: true,
    category,
    code,
    message: options.message ?? `${code} happened.`,
    retryable,
    ...(options.retryAfterMs === undefined ? {} : { retryAfterMs: options.retryAfterMs }),
    ...(options.details === undefined ? {} : { details: options.details }),
  };
}

export function call(tool: string, outcome: ToolOutcome, executed: string | null = tool): SubagentToolCall {
  return { requested: tool, executed, outcome };
}

/** A RunResult-shaped fake with only what a report reads. */
export function fakeRun(
  toolCalls: readonly SubagentToolCall[],
  overrides: Partial<SubagentRun> = {},
): SubagentRun {
  return { status: "completed", text: "Done.", toolCalls, ...overrides };
}
