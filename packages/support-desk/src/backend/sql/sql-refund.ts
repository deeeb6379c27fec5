import type { RefundRequest, RefundResult } from "../types.js";
import type { SqlDatabase, SqlExecutor } from "./database.js";
import { ORDER_COLUMNS, type OrderRow, REFUND_COLUMNS, type RefundRow, toOrder, toRefund } from "./rows.js";

/**
 * One refund, in one transaction. The order row is locked first (`FOR UPDATE`), so concurrent refunds of
 * an order run one after another; the idempotency key is checked only after the lock, so a request that
 * waited behind its own twin sees the twin's committed refund and returns it (`duplicate: true`) rather
 * than paying again. The unique key constraint backs this up for the same key on two different orders.
 */
export function processRefundInSql(database: SqlDatabase, request: RefundRequest, createdAt: string) {
  return database.transaction(async (executor): Promise<RefundResult> => {
    // Lock only: under READ COMMITTED a locking statement keeps the snapshot it started with, so the sum
    // of earlier refunds must be read by a later statement, once the lock is held.
    const locked = await executor.query<{ customer_id: string; customer_status: string }>(
      `SELECT o.customer_id, c.status AS customer_status
       FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE o.id = $1 FOR UPDATE OF o`,
      [request.orderId],
    );
    const row = locked.rows[0];
    if (!row) return { kind: "order_not_found" };
    const first = await findByKey(executor, request.idempotencyKey);
    if (first)
      return {
        kind: "refunded",
        refund: first,
        duplicate: true,
        order: await readOrder(executor, first.orderId),
      };
    if (row.customer_id !== request.customerId)
      return { kind: "customer_mismatch", orderCustomerId: row.customer_id };
    if (row.customer_status === "suspended") return { kind: "account_suspended" };
    const order = await readOrder(executor, request.orderId);
    const remainingCents = order.amountCents - order.refundedCents;
    if (remainingCents <= 0) return { kind: "already_refunded", order };
    if (request.amountCents > remainingCents) return { kind: "exceeds_order", order, remainingCents };
    const inserted = await executor.query<RefundRow>(
      `INSERT INTO refunds (id, order_id, customer_id, amount_cents, reason, idempotency_key, created_at)
       VALUES ('R-' || nextval('refund_number'), $1, $2, $3, $4, $5, $6)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING ${REFUND_COLUMNS}`,
      [
        request.orderId,
        request.customerId,
        request.amountCents,
        request.reason,
        request.idempotencyKey,
        createdAt,
      ],
    );
    const refundRow = inserted.rows[0];
    if (refundRow) {
      return {
        kind: "refunded",
        refund: toRefund(refundRow),
        duplicate: false,
        order: await readOrder(executor, request.orderId),
      };
    }
    // The same key committed meanwhile on another order's lock: that refund is the answer.
    const twin = await findByKey(executor, request.idempotencyKey);
    if (!twin) throw new Error("refund key conflict without a committed refund");
    return {
      kind: "refunded",
      refund: twin,
      duplicate: true,
      order: await readOrder(executor, twin.orderId),
    };
  });
}

async function findByKey(executor: SqlExecutor, idempotencyKey: string) {
  const { rows } = await executor.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0] ? toRefund(rows[0]) : undefined;
}

async function readOrder(executor: SqlExecutor, orderId: string) {
  const { rows } = await executor.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`, [
    orderId,
  ]);
  if (!rows[0]) throw new Error(`order ${orderId} vanished inside its refund transaction`);
  return toOrder(rows[0]);
}
