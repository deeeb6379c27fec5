import type { EscalationRequest, Refund, RefundRequest } from "./types.js";

/**
 * The rules every store applies inside the transaction that records a refund — whatever process, replica
 * or transport asks — so that they hold across calls and however a request is split or raced.
 */

/**
 * Stripe's rule: an idempotency key names one request. A key already used for a refund with other
 * parameters (another order, customer, amount or reason) is refused, never answered with that refund.
 */
export function keyMatchesRequest(first: Refund, request: RefundRequest): boolean {
  return (
    first.orderId === request.orderId &&
    first.customerId === request.customerId &&
    first.amountCents === request.amountCents &&
    first.reason === request.reason
  );
}

/** True when paying `request` would take the order's automatic refunds past the limit. */
export function exceedsAutomaticLimit(request: RefundRequest, refundedCents: number): boolean {
  return (
    request.automaticLimitCents !== undefined &&
    refundedCents + request.amountCents > request.automaticLimitCents
  );
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The ticket a refund over the automatic limit opens instead of paying, in the same transaction. Keyed by
 * the refund's own idempotency key, so a retried refund finds its ticket instead of opening another.
 */
export function overLimitEscalation(request: RefundRequest, refundedCents: number): EscalationRequest {
  const limit = request.automaticLimitCents ?? 0;
  return {
    category: "refund_over_limit",
    summary:
      `Refund of ${dollars(request.amountCents)} for order ${request.orderId} would take its automatic refunds to ` +
      `${dollars(refundedCents + request.amountCents)} (${dollars(refundedCents)} already paid), above the ` +
      `${dollars(limit)} limit; a person must decide. Customer's reason: ${request.reason}`,
    customerId: request.customerId,
    pendingRequest: {
      order_id: request.orderId,
      amount: request.amountCents / 100,
      reason: request.reason,
      already_refunded: refundedCents / 100,
    },
    idempotencyKey: `refund-over-limit:${request.idempotencyKey}`,
  };
}
