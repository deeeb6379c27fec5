import { exceedsAutomaticLimit, keyMatchesRequest, overLimitEscalation } from "../refund-policy.js";
import type { Order, Refund, RefundRequest, RefundResult } from "../types.js";
import type { SqlDatabase, SqlSession } from "./database.js";
import { type OrderRow, type RefundRow, type TicketRow, toOrder, toRefund, toTicket } from "./rows.js";
import { STATEMENTS } from "./statements.js";

interface RefundStateRow extends OrderRow {
  key_refund_id: string | null;
  key_order_id: string;
  key_customer_id: string;
  key_amount_cents: number;
  key_reason: string;
  key_created_at: unknown;
}

/**
 * One refund, in one transaction of three statements. The order row is locked first (`FOR UPDATE`), so
 * concurrent refunds of an order run one after another. Under READ COMMITTED a locking statement keeps
 * the snapshot it started with, so what the refund depends on — the refunds already paid against the
 * order, and any refund under this idempotency key — is read by the next statement, once the lock is
 * held: a request that waited behind its own twin sees the twin's committed refund and returns it
 * (`duplicate: true`) rather than paying again. Every refund of an order is inserted under that order's
 * lock, so the refunded total after the insert is the total read under the lock plus this amount. The
 * unique key constraint backs this up for the same key on two different orders.
 */
export function processRefundInSql(database: SqlDatabase, request: RefundRequest, createdAt: string) {
  return database.transaction(async (session): Promise<RefundResult> => {
    const [locked] = await session.run<{ customer_id: string; customer_status: string }>(
      STATEMENTS.lockOrder,
      [request.orderId],
    );
    if (!locked) return { kind: "order_not_found" };
    const [state] = await session.run<RefundStateRow>(STATEMENTS.refundState, [
      request.orderId,
      request.idempotencyKey,
    ]);
    if (!state) throw new Error(`order ${request.orderId} vanished while locked for a refund`);
    const order = toOrder(state);
    const first = keyRefundOf(state, request.idempotencyKey);
    if (first && !keyMatchesRequest(first, request)) {
      return { kind: "key_reused", idempotencyKey: request.idempotencyKey };
    }
    if (first) {
      const firstOrder = first.orderId === order.id ? order : await readOrder(session, first.orderId);
      return { kind: "refunded", refund: first, duplicate: true, order: firstOrder };
    }
    if (locked.customer_id !== request.customerId)
      return { kind: "customer_mismatch", orderCustomerId: locked.customer_id };
    if (locked.customer_status === "suspended") return { kind: "account_suspended" };
    const remainingCents = order.amountCents - order.refundedCents;
    if (remainingCents <= 0) return { kind: "already_refunded", order };
    if (request.amountCents > remainingCents) return { kind: "exceeds_order", order, remainingCents };
    if (exceedsAutomaticLimit(request, order.refundedCents)) {
      // Under the order's lock, so concurrent refunds of the order see each other's payments.
      return { ...(await openOverLimitTicket(session, request, order.refundedCents, createdAt)), order };
    }
    const [inserted] = await session.run<RefundRow>(STATEMENTS.insertRefund, [
      request.orderId,
      request.customerId,
      request.amountCents,
      request.reason,
      request.idempotencyKey,
      createdAt,
    ]);
    if (inserted) {
      const paid: Order = { ...order, refundedCents: order.refundedCents + inserted.amount_cents };
      return { kind: "refunded", refund: toRefund(inserted), duplicate: false, order: paid };
    }
    // The same key committed meanwhile on another order's lock: that refund is the answer.
    const [twin] = await session.run<RefundRow>(STATEMENTS.refundByKey, [request.idempotencyKey]);
    if (!twin) throw new Error("refund key conflict without a committed refund");
    if (!keyMatchesRequest(toRefund(twin), request)) {
      return { kind: "key_reused", idempotencyKey: request.idempotencyKey };
    }
    return {
      kind: "refunded",
      refund: toRefund(twin),
      duplicate: true,
      order: await readOrder(session, twin.order_id),
    };
  });
}

async function openOverLimitTicket(
  session: SqlSession,
  request: RefundRequest,
  refundedCents: number,
  createdAt: string,
) {
  const escalation = overLimitEscalation(request, refundedCents);
  const [inserted] = await session.run<TicketRow>(STATEMENTS.insertTicket, [
    escalation.category,
    escalation.summary,
    escalation.customerId,
    JSON.stringify(escalation.pendingRequest),
    escalation.idempotencyKey ?? null,
    createdAt,
  ]);
  const row =
    inserted ??
    (await session.run<TicketRow>(STATEMENTS.ticketByKey, [escalation.idempotencyKey ?? null]))[0];
  if (!row) throw new Error("ticket key conflict without a committed ticket");
  return {
    kind: "over_limit" as const,
    ticket: toTicket(row),
    duplicate: inserted === undefined,
    limitCents: request.automaticLimitCents ?? 0,
  };
}

function keyRefundOf(state: RefundStateRow, idempotencyKey: string): Refund | undefined {
  if (state.key_refund_id === null) return undefined;
  return toRefund({
    id: state.key_refund_id,
    order_id: state.key_order_id,
    customer_id: state.key_customer_id,
    amount_cents: state.key_amount_cents,
    reason: state.key_reason,
    idempotency_key: idempotencyKey,
    created_at: state.key_created_at,
  });
}

async function readOrder(session: SqlSession, orderId: string): Promise<Order> {
  const [row] = await session.run<OrderRow>(STATEMENTS.order, [orderId]);
  if (!row) throw new Error(`order ${orderId} vanished inside its refund transaction`);
  return toOrder(row);
}
