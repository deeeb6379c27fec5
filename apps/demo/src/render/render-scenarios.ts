import type {
  ApprovalSection,
  ScenarioReport,
  ScenarioToolCall,
  StoreFacts,
  TicketRow,
} from "../demo-report.js";
import { isSeededRefund } from "../scenarios/store-facts.js";
import { compactJson, money, padEnd } from "./format.js";
import { renderChecks } from "./render-checks.js";
import type { Style } from "./style.js";

const LABEL = 10;
const label = (text: string) => `  ${padEnd(text, LABEL)}`;
const continuation = " ".repeat(LABEL + 2);

/** A redirect's new input without its prose summary (the ticket keeps it): the structure is the point. */
const withoutSummary = (input: unknown): unknown =>
  typeof input === "object" && input !== null
    ? Object.fromEntries(Object.entries(input).filter(([key]) => key !== "summary"))
    : input;

function hookLine(call: ScenarioToolCall, style: Style): string {
  const by = call.hook ? ` by ${call.hook}` : "";
  switch (call.decision) {
    case "allow":
      return `${style.green("allow")} → ${call.executed ?? call.requested} ran (${call.attempts} attempt${call.attempts === 1 ? "" : "s"})`;
    case "redirect":
      return `${style.yellow(`redirect${by}`)} · ${style.bold(`${call.requested} never runs`)} → ${call.executed} ${compactJson(withoutSummary(call.executedInput))}`;
    case "rewrite":
      return `${style.yellow(`rewrite${by}`)} → ${call.executed} ${compactJson(call.executedInput)}`;
    case "block":
      return `${style.red(`block${by}`)} → nothing ran`;
    case "hold":
      return `${style.yellow(`hold${by}`)} → waits for a person, nothing ran yet`;
    default:
      return `${style.red("invalid call")}: rejected before the hooks, nothing ran`;
  }
}

function renderCall(call: ScenarioToolCall, style: Style): string[] {
  const outcome = call.isError ? style.red(call.summary) : call.summary;
  return [
    `${continuation}${style.cyan("tool_use")} ${call.requested} ${compactJson(call.input)}`,
    `${continuation}${style.dim("hook")}     ${hookLine(call, style)}`,
    `${continuation}${style.dim("outcome")}  ${outcome}`,
  ];
}

/** One scenario, step by step: request → tool → hook decision → outcome → final text, then its checks. */
export function renderScenario(scenario: ScenarioReport, index: number, style: Style): string[] {
  const lines = [style.bold(`Scenario ${index} · ${scenario.name} · ${scenario.title}`)];
  lines.push(`${label("customer")}${JSON.stringify(scenario.request)}`);
  for (const round of scenario.rounds) {
    lines.push(`${label(`round ${round.round}`)}${style.dim("model:")} ${JSON.stringify(round.text)}`);
    for (const call of round.calls) lines.push(...renderCall(call, style));
  }
  lines.push(`${label("final")}${JSON.stringify(scenario.text)}`);
  lines.push(
    `${label("run")}${scenario.status} · ${counted(scenario.iterations, "tool round")} · ${counted(scenario.modelRequests, "model request")}`,
  );
  lines.push(...renderChecks(scenario.checks, style));
  return lines;
}

const pendingText = (ticket: TicketRow): string => {
  const pending = ticket.pendingRequest as {
    tool?: string;
    input?: { order_id?: string; amount?: number };
  } | null;
  if (!pending?.input) return "nothing pending";
  const amount = typeof pending.input.amount === "number" ? money(pending.input.amount) : "?";
  return `pending ${pending.tool} ${pending.input.order_id} ${amount}`;
};

/** The store's own rows after the runs: what was paid and what waits for a person. */
export function renderStoreFacts(store: StoreFacts, style: Style): string[] {
  const lines = [style.bold(`Store facts · read back from ${store.engine} after the three runs`)];
  store.refunds.forEach((refund, index) => {
    const origin = isSeededRefund(refund.refundId) ? style.dim("  (sample data)") : "";
    lines.push(
      `${label(index === 0 ? "refunds" : "")}${padEnd(refund.refundId, 8)}${padEnd(refund.orderId, 10)}${padEnd(refund.customerId, 8)}${padEnd(money(refund.amount), 9)}${JSON.stringify(refund.reason)}${origin}`,
    );
  });
  if (store.refunds.length === 0) lines.push(`${label("refunds")}none`);
  store.openTickets.forEach((ticket, index) => {
    lines.push(
      `${label(index === 0 ? "tickets" : "")}${padEnd(ticket.ticketId, 8)}open  ${padEnd(ticket.category, 19)}${padEnd(ticket.customerId ?? "-", 8)}${pendingText(ticket)}`,
    );
  });
  if (store.openTickets.length === 0) lines.push(`${label("tickets")}no open ticket`);
  const paidOrders = new Set(store.refunds.map((refund) => refund.orderId));
  if (!paidOrders.has("ORD-1002")) {
    lines.push(
      `${continuation}${style.dim("no refund row for ORD-1002: the $750 waits in a ticket for a person")}`,
    );
  }
  return lines;
}

/** "1 tool round", "3 tool rounds". */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function renderApproval(approval: ApprovalSection, style: Style): string[] {
  const input = approval.held.input as { order_id?: string; amount?: number } | null;
  return [
    style.bold("A person approves, the run resumes · the same $750 refund, held instead of redirected"),
    `${label("held")}${approval.held.tool} ${input?.order_id ?? ""} ${money(input?.amount ?? 0)} → ${approval.heldStatus}, snapshot kept in ticket ${approval.ticketId}`,
    `${continuation}${style.dim(approval.held.reason)}`,
    `${label("decided")}${approval.decision} (signed), run resumed; a second approval: ${approval.repeatedStatus}, nothing paid again`,
    `${label("paid")}${approval.refundsPaid === 1 ? "once" : `${approval.refundsPaid} times`}`,
    `${label("final")}${JSON.stringify(approval.answer)}`,
    ...renderChecks(approval.checks, style),
  ];
}
