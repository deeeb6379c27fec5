import type { RunResult } from "@keel/loop";
import type { ScenarioExpectation } from "./types.js";

const field = (data: unknown, key: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/**
 * What a run did, in the shape of a scenario's `expect`, computed from the RunResult alone — so a demo
 * can print it and a test can compare it with `toEqual(scenario.expect)`.
 */
export function summarizeRun(
  result: RunResult,
): Omit<ScenarioExpectation, "status"> & { status: RunResult["status"] } {
  const calls = result.toolCalls;
  const succeeded = (tool: string) =>
    calls
      .filter((call) => call.executed === tool && call.outcome.kind === "success")
      .map((call) => call.outcome);
  return {
    status: result.status,
    executedTools: calls.flatMap((call) => (call.executed ? [call.executed] : [])),
    decisions: calls.map((call) => call.decision as ScenarioExpectation["decisions"][number]),
    codes: calls.map((call) => (call.outcome.kind === "success" ? null : call.outcome.code)),
    attempts: calls.map((call) => call.attempts),
    escalated: succeeded("escalate_to_human").length > 0,
    refundedOrders: succeeded("process_refund")
      .filter((outcome) => outcome.kind === "success" && field(outcome.data, "duplicate") === false)
      .map((outcome) => String(outcome.kind === "success" ? field(outcome.data, "order_id") : "")),
  };
}
