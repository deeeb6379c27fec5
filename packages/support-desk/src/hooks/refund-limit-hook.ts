import {
  type CompletedCall,
  definePreHook,
  type HookContext,
  type PreToolHook,
  thresholdRedirect,
} from "@keel/hooks";
import type { ToolCall } from "@keel/tools";
import { canonicalJson } from "@keel/tools/internal";
import { formatDollars, toCents } from "../tools/money.js";
import { normalizeOrderId } from "../tools/order-id.js";
import { REFUND_LIMIT } from "../tools/refund-limit.js";
import { refundInputSchema } from "../tools/schemas.js";
import { refundFields } from "./run-facts.js";

/** Options of {@link refundLimitHook}. */
export interface RefundLimitOptions {
  /** Dollars; a refund strictly above it goes to a person. Default 500 (500.00 passes, 500.01 does not). */
  readonly limit?: number | undefined;
  /** `redirect` (default): to escalate_to_human at once; `hold`: pause the run until a supervisor decides. */
  readonly onExceed?: "redirect" | "hold" | undefined;
}

/**
 * Redirects a process_refund above the limit to escalate_to_human — same tool_use_id, the refund's
 * customer id, order id, amount and reason as the ticket's pending request — so the refund never runs.
 * The per-call check is the stock `thresholdRedirect` (exact decimals); on top, refunds of one order in
 * one run add up, so splitting $750 into two $375 calls is redirected too.
 *
 * What adds up, per order: each distinct refund request once, identified by its canonical validated
 * input — what the idempotency key of a write is made of — counting
 * - earlier calls of the run whose process_refund paid as a first payment (`duplicate: false`), for the
 *   amount actually paid; failed, blocked or redirected refunds, and refunds the store turned into a ticket
 *   for a person (`refunded: false`), paid nothing and do not count;
 * - calls placed before this one in the same batch that are not in the history yet (a host may decide
 *   a batch before running it), for their requested amount.
 * A call identical to one already counted is a repeat: it carries the same idempotency key, so it pays
 * nothing more and adds nothing (verify, then $300 twice on one order: allowed, no ticket). Two
 * different requests of one order ($300, then $300 with another reason) add up as before. This hook only sees its own run;
 * the guarantee is the store's: every backend checks the order's automatic total inside the refund's
 * transaction (`automaticLimitCents`, passed by `process_refund` from the same limit), so split, raced,
 * cross-process or client-keyed refunds never pay past it. This hook gives the model the early redirect.
 * With `onExceed: "hold"` it holds the refund for a person instead (the loop pauses: `awaiting_approval`).
 */
export function refundLimitHook(options: RefundLimitOptions = {}): PreToolHook {
  const limit = options.limit ?? REFUND_LIMIT;
  const hold = options.onExceed === "hold";
  const perCall = thresholdRedirect({
    name: "refund-limit",
    tool: "process_refund",
    field: "amount",
    limit,
    ...(hold
      ? { onExceed: "hold" as const, approver: "supervisor" }
      : { redirectTo: "escalate_to_human", buildInput: (call: ToolCall) => escalationFor(call, limit, 0) }),
  });
  return definePreHook("refund-limit", async (call: ToolCall, context: HookContext) => {
    if (call.name !== "process_refund") return { action: "allow" };
    const decision = await perCall.decide(call, context);
    if (decision.action !== "allow") return decision;
    const { orderId, amount } = refundFields(call.input);
    const normalized = orderId === undefined ? null : normalizeOrderId(orderId);
    if (normalized === null || amount === undefined) return { action: "allow" };
    const counted = refundsOfOrder(context, call, normalized);
    const identity = requestIdentity(call.input);
    if (counted.has(identity)) return { action: "allow" };
    let earlierCents = 0;
    for (const cents of counted.values()) earlierCents += cents;
    if (earlierCents + toCents(amount) <= toCents(limit)) return { action: "allow" };
    if (hold) {
      return {
        action: "hold",
        reason: `refunds of ${normalized} in this run would total above ${formatDollars(toCents(limit))}`,
        approver: "supervisor",
      };
    }
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
    earlierCents > 0
      ? ` (${formatDollars(earlierCents)} was already refunded or requested on it in this chat)`
      : "";
  return {
    category: "refund_over_limit",
    summary:
      `Refund of ${amountText} for order ${orderId ?? "unknown"}${earlier} is above the ${formatDollars(toCents(limit))} ` +
      `limit for automatic refunds; a person must decide. Customer's reason: ${reason ?? "not given"}`,
    ...(customerId === undefined ? {} : { customer_id: customerId }),
    pending_refund: { order_id: orderId, amount, reason },
  };
}

/**
 * The refund requests of `orderId` that count before `call`, by request identity, in cents: the run's
 * first payments (the amount paid) and the batch's earlier calls not yet in the history (the amount asked).
 */
function refundsOfOrder(context: HookContext, call: ToolCall, orderId: string): Map<string, number> {
  const counted = new Map<string, number>();
  const completedIds = new Set<string>();
  for (const completed of context.history) {
    completedIds.add(completed.call.id);
    const cents = firstPaymentCents(completed, orderId);
    if (cents !== undefined) counted.set(requestIdentity(completed.call.input), cents);
  }
  const position = context.batch.findIndex((entry) => entry.id === call.id);
  for (const pending of context.batch.slice(0, Math.max(position, 0))) {
    if (pending.name !== "process_refund" || completedIds.has(pending.id)) continue;
    const { orderId: pendingOrder, amount } = refundFields(pending.input);
    if (amount === undefined || pendingOrder === undefined) continue;
    if (normalizeOrderId(pendingOrder) !== orderId) continue;
    const identity = requestIdentity(pending.input);
    if (!counted.has(identity)) counted.set(identity, toCents(amount));
  }
  return counted;
}

/** Cents a completed call paid on `orderId` as a first payment; undefined when it paid nothing there. */
function firstPaymentCents(completed: CompletedCall, orderId: string): number | undefined {
  const { executed, outcome } = completed;
  if (executed !== "process_refund" || outcome.kind !== "success") return undefined;
  const data = outcome.data as Record<string, unknown> | null;
  if (typeof data !== "object" || data === null) return undefined;
  if (data.order_id !== orderId || data.duplicate !== false || typeof data.amount !== "number")
    return undefined;
  // A refund the store sent to a person (`refunded: false`, a ticket) paid nothing: it does not count.
  if (data.refunded === false) return undefined;
  return toCents(data.amount);
}

/**
 * A refund request's identity: the canonical JSON of its input as the tool validates it (trimmed, keys in
 * any order) — the input the idempotency key is derived from. Input that does not validate keeps its raw form.
 */
function requestIdentity(input: unknown): string {
  const parsed = refundInputSchema.safeParse(input);
  return canonicalJson(parsed.success ? parsed.data : input);
}
