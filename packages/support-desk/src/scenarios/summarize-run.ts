import { isRecord } from "@keel/errors/internal";
import type { RunResult } from "@keel/loop";
import type { RunSummary } from "./types.js";

const field = (data: unknown, key: string): unknown => (isRecord(data) ? data[key] : undefined);

/**
 * What a run did, in the shape of a scenario's `expect`, computed from the RunResult alone: a demo
 * prints it, a test compares it with `toEqual(scenario.expect)`.
 */
export function summarizeRun(result: RunResult): RunSummary {
  const calls = result.toolCalls;
  const successes = (tool: string) =>
    calls.flatMap((call) =>
      call.executed === tool && call.outcome.kind === "success" ? [call.outcome.data] : [],
    );
  return {
    status: result.status,
    executedTools: calls.flatMap((call) => (call.executed ? [call.executed] : [])),
    decisions: calls.map((call) => call.decision),
    codes: calls.map((call) => (call.outcome.kind === "success" ? null : call.outcome.code)),
    attempts: calls.map((call) => call.attempts),
    escalated: successes("escalate_to_human").length > 0,
    refundedOrders: successes("process_refund")
      .filter((data) => field(data, "duplicate") === false)
      .map((data) => String(field(data, "order_id"))),
  };
}
