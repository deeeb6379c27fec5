import type { Customer, Fee, Order, Refund } from "./types.js";

/**
 * The sample data both backends start from (the SQL backend inserts exactly these rows), so a scenario
 * behaves the same against memory, PGlite and PostgreSQL.
 */
export interface SeedData {
  readonly customers: readonly Customer[];
  readonly orders: readonly Omit<Order, "refundedCents">[];
  readonly refunds: readonly Refund[];
  readonly fees: readonly Fee[];
}

/** Alice (active, orders of $50, $750 and an already refunded $120, fees), Bob (suspended), Carol (no fees). */
export const SAMPLE_DATA: SeedData = {
  customers: [
    {
      id: "C-1001",
      email: "alice@example.com",
      name: "Alice Martin",
      status: "active",
      tier: "gold",
      createdAt: "2023-04-05T09:30:00.000Z",
    },
    {
      id: "C-1002",
      email: "bob@example.com",
      name: "Bob Chen",
      status: "suspended",
      tier: "standard",
      createdAt: "2024-01-17T14:05:00.000Z",
    },
    {
      id: "C-1003",
      email: "carol@example.com",
      name: "Carol Diaz",
      status: "active",
      tier: "standard",
      createdAt: "2025-06-30T18:45:00.000Z",
    },
  ],
  orders: [
    order("ORD-1001", "C-1001", 5000, "delivered", "Ceramic mug set", "2026-10-02T10:00:00.000Z"),
    order("ORD-1002", "C-1001", 75000, "delivered", "Espresso machine", "2026-09-21T16:20:00.000Z"),
    order("ORD-1003", "C-1001", 12000, "delivered", "Wool blanket", "2026-08-11T08:15:00.000Z"),
    order("ORD-1004", "C-1002", 8000, "delivered", "Desk lamp", "2026-10-08T12:00:00.000Z"),
    order("ORD-1005", "C-1003", 3550, "shipped", "Paperback bundle", "2026-11-15T09:40:00.000Z"),
    order("ORD-12345", "C-1003", 8999, "processing", "Running shoes", "2026-11-20T07:05:00.000Z"),
  ],
  refunds: [
    {
      id: "R-1000",
      orderId: "ORD-1003",
      customerId: "C-1001",
      amountCents: 12000,
      reason: "Arrived damaged",
      idempotencyKey: "seed:refund:ORD-1003",
      createdAt: "2026-08-20T11:00:00.000Z",
    },
  ],
  fees: [
    fee("F-1", "C-1001", 2500, "Late payment fee", "2026-03-10"),
    fee("F-2", "C-1001", 1500, "Expedited shipping surcharge", "2026-08-02"),
    fee("F-3", "C-1001", 4000, "Late payment fee", "2024-11-01"),
    fee("F-4", "C-1002", 1000, "Returned payment fee", "2026-05-19"),
  ],
};

function order(
  id: string,
  customerId: string,
  amountCents: number,
  status: Order["status"],
  itemSummary: string,
  placedAt: string,
): Omit<Order, "refundedCents"> {
  return { id, customerId, amountCents, currency: "USD", status, itemSummary, placedAt };
}

function fee(
  id: string,
  customerId: string,
  amountCents: number,
  description: string,
  chargedOn: string,
): Fee {
  return { id, customerId, amountCents, description, chargedOn };
}

/** Ids the stores hand out after the seed rows (refunds R-1001…, tickets T-1001…). */
export const FIRST_GENERATED_NUMBER = 1001;
