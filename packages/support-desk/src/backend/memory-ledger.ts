import { exceedsAutomaticLimit, keyMatchesRequest, overLimitEscalation } from "./refund-policy.js";
import { FIRST_GENERATED_NUMBER, type SeedData } from "./seed.js";
import type {
  EscalationRequest,
  EscalationResult,
  Order,
  Refund,
  RefundRequest,
  RefundResult,
} from "./types.js";

/**
 * The memory backend's refunds, indexed by order and by idempotency key. `refund` is synchronous, so
 * nothing can interleave between its checks and its write: the same guarantees the SQL store gets from
 * a row lock and a unique key.
 */
export function createMemoryLedger(data: SeedData, now: () => Date) {
  const orders = new Map(data.orders.map((order) => [order.id, order]));
  const suspended = new Set(
    data.customers.filter((customer) => customer.status === "suspended").map((c) => c.id),
  );
  const byOrder = new Map<string, Refund[]>();
  const byKey = new Map<string, Refund>();
  let nextNumber = FIRST_GENERATED_NUMBER;

  const record = (refund: Refund) => {
    byOrder.set(refund.orderId, [...(byOrder.get(refund.orderId) ?? []), refund]);
    byKey.set(refund.idempotencyKey, refund);
  };
  for (const refund of data.refunds) record(refund);

  const order = (orderId: string): Order | undefined => {
    const stored = orders.get(orderId);
    if (!stored) return undefined;
    const refundedCents = (byOrder.get(orderId) ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
    return { ...stored, refundedCents };
  };

  return {
    order,
    refundsOf: (orderId: string): readonly Refund[] => byOrder.get(orderId) ?? [],
    /** `openTicket` runs inside the same synchronous step: nothing interleaves with the limit check. */
    refund(
      request: RefundRequest,
      openTicket: (escalation: EscalationRequest) => EscalationResult,
    ): RefundResult {
      const stored = orders.get(request.orderId);
      const first = byKey.get(request.idempotencyKey);
      if (first && !keyMatchesRequest(first, request)) {
        return { kind: "key_reused", idempotencyKey: request.idempotencyKey };
      }
      if (!stored) return { kind: "order_not_found" };
      if (first) return { kind: "refunded", refund: first, duplicate: true, order: order(first.orderId)! };
      if (stored.customerId !== request.customerId) {
        return { kind: "customer_mismatch", orderCustomerId: stored.customerId };
      }
      if (suspended.has(stored.customerId)) return { kind: "account_suspended" };
      const current = order(request.orderId)!;
      const remainingCents = current.amountCents - current.refundedCents;
      if (remainingCents <= 0) return { kind: "already_refunded", order: current };
      if (request.amountCents > remainingCents)
        return { kind: "exceeds_order", order: current, remainingCents };
      if (exceedsAutomaticLimit(request, current.refundedCents)) {
        const opened = openTicket(overLimitEscalation(request, current.refundedCents));
        if (opened.kind !== "created") return opened;
        const { ticket, duplicate } = opened;
        return {
          kind: "over_limit",
          ticket,
          duplicate,
          order: current,
          limitCents: request.automaticLimitCents!,
        };
      }
      const refund: Refund = {
        id: `R-${nextNumber++}`,
        orderId: request.orderId,
        customerId: request.customerId,
        amountCents: request.amountCents,
        reason: request.reason,
        idempotencyKey: request.idempotencyKey,
        createdAt: now().toISOString(),
      };
      record(refund);
      return { kind: "refunded", refund, duplicate: false, order: order(request.orderId)! };
    },
  };
}
