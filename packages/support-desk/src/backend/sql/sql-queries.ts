import type { EscalationRequest, FeeWindow, RefundRequest, TicketStatus } from "../types.js";
import type { SqlDatabase } from "./database.js";
import {
  CUSTOMER_COLUMNS,
  FEE_COLUMNS,
  type FeeRow,
  ORDER_COLUMNS,
  REFUND_COLUMNS,
  type RefundRow,
  TICKET_COLUMNS,
  type TicketRow,
  toCustomer,
  toFee,
  toOrder,
  toRefund,
  toTicket,
} from "./rows.js";
import { processRefundInSql } from "./sql-refund.js";

/**
 * The store's operations as plain queries that throw on database trouble; the backend wraps each one
 * with fault injection and the failure classification.
 */
export function sqlQueries(database: SqlDatabase, now: () => Date) {
  const one = async <Row, T>(text: string, params: readonly unknown[], map: (row: Row) => T) => {
    const { rows } = await database.query<Row>(text, params);
    return rows[0] ? map(rows[0]) : undefined;
  };
  const found = <K extends string, T>(key: K, value: T | undefined) =>
    value
      ? ({ kind: "found", [key]: value } as { kind: "found" } & Record<K, T>)
      : ({ kind: "not_found" } as const);

  return {
    getCustomerByEmail: async (email: string) =>
      found(
        "customer",
        await one(
          `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE email = $1`,
          [email.trim().toLowerCase()],
          toCustomer,
        ),
      ),
    getCustomerById: async (customerId: string) =>
      found(
        "customer",
        await one(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = $1`, [customerId], toCustomer),
      ),
    getOrder: async (orderId: string) =>
      found("order", await one(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`, [orderId], toOrder)),
    processRefund: (request: RefundRequest) => processRefundInSql(database, request, now().toISOString()),
    async createEscalation(request: EscalationRequest) {
      const ticket = await one(
        `INSERT INTO tickets (id, number, status, category, summary, customer_id, pending_request, idempotency_key, created_at)
         SELECT 'T-' || n, n, 'open', $1, $2, $3, $4, $5, $6 FROM nextval('ticket_number') AS n
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING ${TICKET_COLUMNS}`,
        [
          request.category,
          request.summary,
          request.customerId,
          request.pendingRequest === null ? null : JSON.stringify(request.pendingRequest),
          request.idempotencyKey ?? null,
          now().toISOString(),
        ],
        toTicket,
      );
      if (ticket) return { kind: "created", ticket, duplicate: false } as const;
      // Only a repeated idempotency key can conflict: the first ticket is the answer.
      const first = await one(
        `SELECT ${TICKET_COLUMNS} FROM tickets WHERE idempotency_key = $1`,
        [request.idempotencyKey],
        toTicket,
      );
      if (!first) throw new Error("ticket key conflict without a committed ticket");
      return { kind: "created", ticket: first, duplicate: true } as const;
    },
    async listTickets(filter: { readonly status?: TicketStatus } = {}) {
      const { rows } = await database.query<TicketRow>(
        `SELECT ${TICKET_COLUMNS} FROM tickets WHERE $1::text IS NULL OR status = $1 ORDER BY number`,
        [filter.status ?? null],
      );
      return { kind: "listed", tickets: rows.map(toTicket) } as const;
    },
    async resolveTicket(ticketId: string, resolution: string) {
      const resolved = await one(
        `UPDATE tickets SET status = 'resolved', resolution = $2, resolved_at = $3
         WHERE id = $1 AND status = 'open' RETURNING ${TICKET_COLUMNS}`,
        [ticketId, resolution, now().toISOString()],
        toTicket,
      );
      if (resolved) return { kind: "resolved", ticket: resolved } as const;
      const existing = await one(`SELECT ${TICKET_COLUMNS} FROM tickets WHERE id = $1`, [ticketId], toTicket);
      return existing
        ? ({ kind: "already_resolved", ticket: existing } as const)
        : ({ kind: "not_found" } as const);
    },
    async listRefunds(orderId: string) {
      const { rows } = await database.query<RefundRow>(
        `SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, substring(id FROM 3)::integer`,
        [orderId],
      );
      return { kind: "listed", refunds: rows.map(toRefund) } as const;
    },
    async feesForCustomer(customerId: string, window: FeeWindow) {
      const customer = await database.query("SELECT 1 FROM customers WHERE id = $1", [customerId]);
      if (customer.rows.length === 0) return { kind: "customer_not_found" } as const;
      const { rows } = await database.query<FeeRow>(
        `SELECT ${FEE_COLUMNS} FROM fees
         WHERE customer_id = $1 AND charged_on > $2::date AND charged_on <= $3::date ORDER BY charged_on, id`,
        [customerId, window.from, window.to],
      );
      return { kind: "found", fees: rows.map(toFee) } as const;
    },
  };
}
