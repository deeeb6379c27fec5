import { sqlStatement } from "./database.js";
import { CUSTOMER_COLUMNS, FEE_COLUMNS, ORDER_COLUMNS, REFUND_COLUMNS, TICKET_COLUMNS } from "./rows.js";

/**
 * Every statement the store runs after start-up, prepared once per connection. Names are prefixed so
 * they never meet another library's prepared statements on a shared connection.
 */
export const STATEMENTS = {
  claimIdempotencyKey: sqlStatement(
    "keel_claim_idempotency_key",
    "INSERT INTO idempotency_keys (key, fingerprint) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING fingerprint",
  ),
  idempotencyKeyFingerprint: sqlStatement(
    "keel_idempotency_key_fingerprint",
    "SELECT fingerprint FROM idempotency_keys WHERE key = $1",
  ),
  insertConversationCall: sqlStatement(
    "keel_insert_conversation_call",
    "INSERT INTO conversation_calls (conversation_id, entry) VALUES ($1, $2)",
  ),
  conversationCalls: sqlStatement(
    "keel_conversation_calls",
    `SELECT entry FROM (SELECT seq, entry FROM conversation_calls WHERE conversation_id = $1
       ORDER BY seq DESC LIMIT $2) latest ORDER BY seq`,
  ),
  customerByEmail: sqlStatement(
    "keel_customer_by_email",
    `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE email = $1`,
  ),
  customerById: sqlStatement(
    "keel_customer_by_id",
    `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = $1`,
  ),
  /** Customers by id, many at once: `$1` is a text-array literal (see batched-lookup.ts). */
  customersByIds: sqlStatement(
    "keel_customers_by_ids",
    `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = ANY($1::text[])`,
  ),
  /** One order: a lookup batch of one, and inside a refund's transaction. */
  order: sqlStatement("keel_order", `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`),
  /** Orders by id, many at once: `$1` is a text-array literal (see batched-lookup.ts). */
  ordersByIds: sqlStatement(
    "keel_orders_by_ids",
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ANY($1::text[])`,
  ),
  /** Locks the order row for a refund (no other column may be read here: see sql-refund.ts). */
  lockOrder: sqlStatement(
    "keel_lock_order",
    `SELECT o.customer_id, c.status AS customer_status
     FROM orders o JOIN customers c ON c.id = o.customer_id
     WHERE o.id = $1 FOR UPDATE OF o`,
  ),
  /** After the lock: the order with its refunded sum, and the refund already paid under the key, if any. */
  refundState: sqlStatement(
    "keel_refund_state",
    `SELECT ${ORDER_COLUMNS},
       k.id AS key_refund_id, k.order_id AS key_order_id, k.customer_id AS key_customer_id,
       k.amount_cents AS key_amount_cents, k.reason AS key_reason, k.created_at AS key_created_at
     FROM orders o LEFT JOIN refunds k ON k.idempotency_key = $2
     WHERE o.id = $1`,
  ),
  insertRefund: sqlStatement(
    "keel_insert_refund",
    `INSERT INTO refunds (id, order_id, customer_id, amount_cents, reason, idempotency_key, created_at)
     VALUES ('R-' || nextval('refund_number'), $1, $2, $3, $4, $5, $6)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${REFUND_COLUMNS}`,
  ),
  refundByKey: sqlStatement(
    "keel_refund_by_key",
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE idempotency_key = $1`,
  ),
  refundsOfOrder: sqlStatement(
    "keel_refunds_of_order",
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, substring(id FROM 3)::integer`,
  ),
  insertTicket: sqlStatement(
    "keel_insert_ticket",
    `INSERT INTO tickets (id, number, status, category, summary, customer_id, pending_request, idempotency_key, created_at)
     SELECT 'T-' || n, n, 'open', $1, $2, $3, $4, $5, $6 FROM nextval('ticket_number') AS n
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${TICKET_COLUMNS}`,
  ),
  ticketByKey: sqlStatement(
    "keel_ticket_by_key",
    `SELECT ${TICKET_COLUMNS} FROM tickets WHERE idempotency_key = $1`,
  ),
  ticketById: sqlStatement("keel_ticket_by_id", `SELECT ${TICKET_COLUMNS} FROM tickets WHERE id = $1`),
  tickets: sqlStatement(
    "keel_tickets",
    `SELECT ${TICKET_COLUMNS} FROM tickets WHERE $1::text IS NULL OR status = $1 ORDER BY number`,
  ),
  resolveTicket: sqlStatement(
    "keel_resolve_ticket",
    `UPDATE tickets SET status = 'resolved', resolution = $2, resolved_at = $3
     WHERE id = $1 AND status = 'open' RETURNING ${TICKET_COLUMNS}`,
  ),
  /** One row per fee in the window; one row of nulls when the customer has none; no row for no customer. */
  feesInWindow: sqlStatement(
    "keel_fees_in_window",
    `SELECT ${FEE_COLUMNS}
     FROM customers c LEFT JOIN fees f
       ON f.customer_id = c.id AND f.charged_on > $2::date AND f.charged_on <= $3::date
     WHERE c.id = $1 ORDER BY f.charged_on, f.id`,
  ),
};
