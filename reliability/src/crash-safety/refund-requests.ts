import type { ToolCallAnswer } from "../mcp/mcp-http.js";

/** One refund a client sent, named by its own idempotency key so a retry can repeat it exactly. */
export interface SentRefund {
  readonly key: string;
  readonly customerId: string;
  readonly orderId: string;
  readonly amountCents: number;
}

/** What one answer to a refund said. */
export type RefundAnswer =
  | {
      readonly kind: "paid";
      readonly refundId: string;
      readonly duplicate: boolean;
      readonly amountCents: number;
    }
  /** A Keel outcome that paid nothing (e.g. REFUND_EXCEEDS_ORDER once an order is used up). */
  | { readonly kind: "refused"; readonly code: string }
  /** No answer (connection lost, server killed) or a 5xx: the refund may or may not have been committed. */
  | { readonly kind: "unknown"; readonly reason: string };

/** Reads an MCP answer to process_refund into what it means for the ledger. */
export function refundAnswerOf(answer: ToolCallAnswer): RefundAnswer {
  if (answer.kind === "no_answer") return { kind: "unknown", reason: answer.error };
  if (answer.kind === "http_error") return { kind: "unknown", reason: `HTTP ${answer.status}` };
  const structured = answer.structured;
  if (!answer.isError && typeof structured?.refund_id === "string") {
    return {
      kind: "paid",
      refundId: structured.refund_id,
      duplicate: structured.duplicate === true,
      amountCents: Math.round(Number(structured.amount) * 100),
    };
  }
  const outcome = answer.meta?.["dev.keel/outcome"] as { code?: unknown; category?: unknown } | undefined;
  const code = typeof outcome?.code === "string" ? outcome.code : "UNKNOWN_RESULT";
  // An outage of the store is no answer either: the retry decides.
  if (outcome?.category === "transient") return { kind: "unknown", reason: code };
  return { kind: "refused", code };
}

/** The arguments of process_refund for a sent refund. */
export function refundArguments(refund: SentRefund) {
  return {
    customer_id: refund.customerId,
    order_id: refund.orderId,
    amount: refund.amountCents / 100,
    reason: "Crash-safety refund",
  };
}
