import { definePreHook, type HookContext, type PreToolHook, thresholdRedirect } from "@keel/hooks";
import type { ToolCall } from "@keel/tools";
import { formatDollars, toCents } from "../tools/money.js";
import { normalizeOrderId } from "../tools/order-id.js";
import { REFUND_LIMIT } from "../tools/refund-limit.js";
import { refundedInRun, refundFields } from "./run-facts.js";

/** Options of {@link refundLimitHook}. */
export interface RefundLimitOptions {
  /** Dollars; a refund strictly above it goes to a person. Default 500 (500.00 passes, 500.01 does not). */
  readonly limit?: number;
}

/**
 * Redirects a process_refund above the limit to escalate_to_human — same tool_use_id, the refund's
 * customer id, order id, amount and reason as the ticket's pending request — so the refund never runs.
 * The per-call check is the stock `thresholdRedirect` (exact decimals); on top, refunds of one order in
 * one run add up, so splitting $750 into two $375 calls is redirected too.
 */
export function refundLimitHook(options: RefundLimitOptions = {}): PreToolHook {
  const limit = options.limit ?? REFUND_LIMIT;
  const perCall = thresholdRedirect({
    name: "refund-limit",
    tool: "process_refund",
    field: "amount",
    limit,
    redirectTo: "escalate_to_human",
    buildInput: (call) => escalationFor(call, limit, 0),
  });
  return definePreHook("refund-limit", async (call: ToolCall, context: HookContext) => {
    if (call.name !== "process_refund") return { action: "allow" };
    const decision = await perCall.decide(call, context);
    if (decision.action !== "allow") return decision;
    const { orderId, amount } = refundFields(call.input);
    const normalized = orderId === undefined ? null : normalizeOrderId(orderId);
    if (normalized === null || amount === undefined) return { action: "allow" };
    const earlierCents = refundedInRun(context.history, normalized);
    if (earlierCents + toCents(amount) <= toCents(limit)) return { action: "allow" };
    return {
      action: "redirect",
      tool: "escalate_to_human",
      input: escalationFor(call, limit, earlierCents),
      reason: `refunds of ${normalized} in this run would total above ${formatDollars(toCents(limit))}`,
    };
  });
}

/** The escalate_to_human input carrying the stopped refund, valid against that tool's schema. */
function escalationFor(call: ToolCall, limit: number, earlierCents: number) {
  const { customerId, orderId, amount, reason } = refundFields(call.input);
  const amountText = amount === undefined ? "an amount" : formatDollars(toCents(amount));
  const earlier =
    earlierCents > 0 ? ` (${formatDollars(earlierCents)} was already refunded on it in this chat)` : "";
  return {
    category: "refund_over_limit",
    summary:
      `Refund of ${amountText} for order ${orderId ?? "unknown"}${earlier} is above the ${formatDollars(toCents(limit))} ` +
      `limit for automatic refunds; a person must decide. Customer's reason: ${reason ?? "not given"}`,
    ...(customerId === undefined ? {} : { customer_id: customerId }),
    pending_refund: { order_id: orderId, amount, reason },
  };
}
