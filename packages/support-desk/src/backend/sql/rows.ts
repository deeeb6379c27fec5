import type { JsonObject } from "@keel/errors";
import type { Customer, Fee, Order, Refund, Ticket } from "../types.js";

/** Both drivers return timestamptz as Date; anything else is parsed, so the domain only sees ISO strings. */
const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);

export const CUSTOMER_COLUMNS = "id, email, name, status, tier, created_at";
export interface CustomerRow {
  id: string;
  email: string;
  name: string;
  status: Customer["status"];
  tier: Customer["tier"];
  created_at: unknown;
}
export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  status: row.status,
  tier: row.tier,
  createdAt: iso(row.created_at),
});

/** `refunded_cents` is summed in SQL; the cast keeps it a 32-bit integer rather than pg's bigint string. */
export const ORDER_COLUMNS = `o.id, o.customer_id, o.amount_cents, o.currency, o.status, o.item_summary, o.placed_at,
  COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.order_id = o.id), 0)::integer AS refunded_cents`;
export interface OrderRow {
  id: string;
  customer_id: string;
  amount_cents: number;
  currency: "USD";
  status: Order["status"];
  item_summary: string;
  placed_at: unknown;
  refunded_cents: number;
}
export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  customerId: row.customer_id,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  itemSummary: row.item_summary,
  placedAt: iso(row.placed_at),
  refundedCents: row.refunded_cents,
});

export const REFUND_COLUMNS = "id, order_id, customer_id, amount_cents, reason, idempotency_key, created_at";
export interface RefundRow {
  id: string;
  order_id: string;
  customer_id: string;
  amount_cents: number;
  reason: string;
  idempotency_key: string;
  created_at: unknown;
}
export const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  orderId: row.order_id,
  customerId: row.customer_id,
  amountCents: row.amount_cents,
  reason: row.reason,
  idempotencyKey: row.idempotency_key,
  createdAt: iso(row.created_at),
});

export const TICKET_COLUMNS =
  "id, status, category, summary, customer_id, pending_request, created_at, resolved_at, resolution";
export interface TicketRow {
  id: string;
  status: Ticket["status"];
  category: Ticket["category"];
  summary: string;
  customer_id: string | null;
  pending_request: JsonObject | null;
  created_at: unknown;
  resolved_at: unknown;
  resolution: string | null;
}
export const toTicket = (row: TicketRow): Ticket => ({
  id: row.id,
  status: row.status,
  category: row.category,
  summary: row.summary,
  customerId: row.customer_id,
  pendingRequest: row.pending_request,
  createdAt: iso(row.created_at),
  resolvedAt: isoOrNull(row.resolved_at),
  resolution: row.resolution,
});

/** Of `fees f`. `charged_on::text`: pg would turn a date into a local-midnight Date. */
export const FEE_COLUMNS =
  "f.id, f.customer_id, f.amount_cents, f.description, f.charged_on::text AS charged_on";
export interface FeeRow {
  id: string;
  customer_id: string;
  amount_cents: number;
  description: string;
  charged_on: string;
}
export const toFee = (row: FeeRow): Fee => ({
  id: row.id,
  customerId: row.customer_id,
  amountCents: row.amount_cents,
  description: row.description,
  chargedOn: row.charged_on,
});
