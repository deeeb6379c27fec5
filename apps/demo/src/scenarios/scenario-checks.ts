import type { RunResult } from "@keel/loop";
import { type SupportScenario, summarizeRun } from "@keel/support-desk";
import { type Check, createCheckRecorder } from "../checks.js";
import type { RefundRow, TicketRow } from "../demo-report.js";

/** What one scenario changed in the store. */
export interface ScenarioChanges {
  readonly newRefunds: readonly RefundRow[];
  readonly newTickets: readonly TicketRow[];
}

/** The scenario opened exactly one ticket, of `category`, holding a process_refund of `amount` on `orderId`. */
function oneTicketHolding(
  changes: ScenarioChanges,
  category: string,
  orderId: string,
  amount: number,
): boolean {
  const ticket = changes.newTickets[0];
  const pending = (ticket?.pendingRequest ?? null) as {
    tool?: unknown;
    input?: Record<string, unknown>;
  } | null;
  return (
    changes.newTickets.length === 1 &&
    ticket?.category === category &&
    pending?.tool === "process_refund" &&
    pending.input?.order_id === orderId &&
    pending.input.amount === amount
  );
}

/** The expectations of reference 000 for each scenario, over the run and over the store. */
export function scenarioChecks(
  scenario: SupportScenario,
  result: RunResult,
  changes: ScenarioChanges,
): Check[] {
  const check = createCheckRecorder(scenario.name);
  check.equal("the run matches the scenario's expected summary", summarizeRun(result), scenario.expect);
  check.equal("the run completed on end_turn", result.status, "completed");
  const refundCalls = result.toolCalls.filter((call) => call.requested === "process_refund");
  const refundRan = result.toolCalls.some((call) => call.executed === "process_refund");
  if (scenario.name === "low-value-refund") {
    check.expect(
      "the hook allowed process_refund and it paid",
      refundCalls.length === 1 && refundCalls[0]?.decision === "allow" && refundRan,
    );
    check.equal(
      "the store holds one new refund row: ORD-1001, $50.00",
      changes.newRefunds.map((row) => [row.orderId, row.amount]),
      [["ORD-1001", 50]],
    );
    check.equal("no ticket was opened", changes.newTickets.length, 0);
  }
  if (scenario.name === "high-value-refund") {
    const call = refundCalls[0];
    check.expect(
      "the refund-limit hook redirected process_refund to escalate_to_human",
      call?.decision === "redirect" && call.hook === "refund-limit" && call.executed === "escalate_to_human",
      JSON.stringify({ decision: call?.decision, hook: call?.hook, executed: call?.executed }),
    );
    check.expect("process_refund never executed", !refundRan);
    check.expect(
      "the escalation answered the original tool_use_id",
      call !== undefined && toolResultIds(result).includes(call.id),
    );
    check.equal("the store holds no refund row for ORD-1002", changes.newRefunds.length, 0);
    check.expect(
      "one open refund_over_limit ticket holds the $750 process_refund",
      oneTicketHolding(changes, "refund_over_limit", "ORD-1002", 750),
      JSON.stringify(changes.newTickets),
    );
  }
  if (scenario.name === "multi-intent") {
    check.equal(
      "the agent checked the account, then escalated at once",
      result.toolCalls.map((call) => call.requested),
      ["get_customer_by_email", "escalate_to_human"],
    );
    check.expect("process_refund was never requested", refundCalls.length === 0);
    check.equal("the store holds no new refund row", changes.newRefunds.length, 0);
    check.expect(
      "one open customer_request ticket bundles the pending $50 refund of ORD-1001",
      oneTicketHolding(changes, "customer_request", "ORD-1001", 50),
      JSON.stringify(changes.newTickets),
    );
  }
  return [...check.checks];
}

/** The tool_use_ids the history's tool_result blocks answer. */
function toolResultIds(result: RunResult): string[] {
  return result.messages.flatMap((message) =>
    message.role === "user" && Array.isArray(message.content)
      ? message.content.flatMap((block) =>
          block.type === "tool_result" ? [(block as { tool_use_id: string }).tool_use_id] : [],
        )
      : [],
  );
}
