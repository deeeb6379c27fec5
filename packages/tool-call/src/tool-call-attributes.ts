import type { ToolOutcome } from "@keel/errors";
import type { ToolCallResolution } from "./tool-call-resolution.js";

/** An attribute value as OpenTelemetry (and a JSON log line) takes it. */
export type ToolCallAttributeValue = string | number | boolean;

/**
 * Keel's facts about one resolved tool call, as span attributes (and log fields) under the `keel.` prefix,
 * and OpenTelemetry's `error.type` for an error outcome:
 * outcome kind, category, code, retryable, attempts, the hook decision and which hook, a redirect's requested
 * and executed tools, the escalation ticket id. One owner, so the loop's `execute_tool` span and the MCP
 * server's `tools/call` span answer the same query ("how many refunds went to a person today, and why").
 * Never arguments or results: those may hold customers' data. Absent facts are left out.
 */
export function toolCallAttributes(
  resolution: Pick<
    ToolCallResolution,
    "outcome" | "requested" | "executed" | "decision" | "hook" | "attempts" | "reused"
  >,
): Record<string, ToolCallAttributeValue> {
  const { outcome, decision } = resolution;
  const attributes: Record<string, ToolCallAttributeValue> = {
    "keel.outcome.kind": outcome.kind,
    "keel.tool.attempts": resolution.attempts,
    "keel.tool.reused": resolution.reused,
  };
  if (outcome.kind === "error") {
    attributes["keel.error.category"] = outcome.category;
    attributes["keel.error.retryable"] = outcome.retryable;
  }
  if (outcome.kind !== "success") attributes["keel.error.code"] = outcome.code;
  if (decision !== null) attributes["keel.hook.decision"] = decision;
  if (resolution.hook !== undefined) attributes["keel.hook.name"] = resolution.hook;
  if (decision === "redirect") {
    attributes["keel.redirect.requested_tool"] = resolution.requested.name;
    if (resolution.executed !== null) attributes["keel.redirect.executed_tool"] = resolution.executed.name;
  }
  const ticket = ticketOf(outcome);
  if (ticket !== undefined) attributes["keel.escalation.ticket_id"] = ticket;
  const errorType = toolCallErrorType(resolution);
  if (errorType !== undefined) attributes["error.type"] = errorType;
  return attributes;
}

/**
 * The OpenTelemetry `error.type` of a resolved call: its Keel code when the call ended in an error outcome
 * (a span with it gets status ERROR), undefined otherwise (success, or a call the tool answered as empty).
 * Also set by {@link toolCallAttributes}; one rule for the loop's and the MCP server's spans.
 */
export function toolCallErrorType(resolution: Pick<ToolCallResolution, "outcome">): string | undefined {
  return resolution.outcome.kind === "error" ? resolution.outcome.code : undefined;
}

/** The ticket id of an escalation's success (`ticket_id`, also inside a redirect's `result`). */
function ticketOf(outcome: ToolOutcome): string | undefined {
  if (outcome.kind !== "success" || typeof outcome.data !== "object" || outcome.data === null)
    return undefined;
  const data = outcome.data as Record<string, unknown>;
  const nested =
    typeof data.result === "object" && data.result !== null ? (data.result as Record<string, unknown>) : {};
  const ticket = data.ticket_id ?? nested.ticket_id;
  return typeof ticket === "string" ? ticket : undefined;
}
