import type { ToolOutcome } from "@keel/errors";
import { unwrapRedirect } from "@keel/errors/internal";

const money = (value: unknown) => (typeof value === "number" ? `$${value.toFixed(2)}` : String(value));

/** One line about an outcome for the step printout; never a timestamp or a random id. */
export function outcomeSummary(wrapped: ToolOutcome): string {
  const outcome = unwrapRedirect(wrapped);
  if (outcome.kind === "error") {
    return `error · ${outcome.category} · ${outcome.code} · retryable ${outcome.retryable ? "yes" : "no"}`;
  }
  if (outcome.kind === "empty") return `valid empty · ${outcome.code}`;
  const data = (typeof outcome.data === "object" && outcome.data !== null ? outcome.data : {}) as Record<
    string,
    unknown
  >;
  if (typeof data.ticket_id === "string") {
    return `ok · ticket ${data.ticket_id} opened (${String(data.status)}, ${String(data.category)})`;
  }
  if (typeof data.refund_id === "string") {
    return `ok · refund ${data.refund_id} · ${money(data.amount)} paid for ${String(data.order_id)}`;
  }
  if (typeof data.order_id === "string") {
    return `ok · order ${data.order_id} · ${String(data.status)} · ${money(data.amount)}`;
  }
  if (typeof data.customer_id === "string") {
    return `ok · customer ${data.customer_id} · ${String(data.name)} · ${String(data.status)}`;
  }
  return `ok · ${JSON.stringify(outcome.data).slice(0, 80)}`;
}
