import type { Customer, EscalationRequest, FeeWindow, Order, RefundRequest, TicketStatus } from "../types.js";
import { batchedLookup, textArray } from "./batched-lookup.js";
import type { SqlDatabase, SqlParameter, SqlStatement } from "./database.js";
import { NO_READ_CACHE, type ReadCache } from "./read-cache.js";
import {
  type CustomerRow,
  type FeeRow,
  type OrderRow,
  type RefundRow,
  type TicketRow,
  toCustomer,
  toFee,
  toOrder,
  toRefund,
  toTicket,
} from "./rows.js";
import { processRefundInSql } from "./sql-refund.js";
import { STATEMENTS } from "./statements.js";

/** Customer and order lookups are what the cache keeps: answers, not failures (those throw). */
const isAnswer = (result: { readonly kind: string }) =>
  result.kind === "found" || result.kind === "not_found";

/**
 * The store's operations as prepared statements that throw on database trouble; the backend wraps each
 * one with fault injection and the failure classification. Lookups by id are batched: the ids asked for
 * in one turn of the event loop go to the database in one statement. Writes go through `cache.write`, so
 * a read cache (PGlite only) never serves what a write replaced.
 */
export function sqlQueries(database: SqlDatabase, now: () => Date, cache: ReadCache = NO_READ_CACHE) {
  const one = async <Row, T>(
    statement: SqlStatement,
    params: readonly SqlParameter[],
    map: (row: Row) => T,
  ) => {
    const rows = await database.run<Row>(statement, params);
    return rows[0] ? map(rows[0]) : undefined;
  };
  const found = <K extends string, T>(key: K, value: T | undefined) =>
    value
      ? ({ kind: "found", [key]: value } as { kind: "found" } & Record<K, T>)
      : ({ kind: "not_found" } as const);
  // A batch of one goes as `= $1`: binding and scanning an array costs more than the plain statement.
  const byIds = <Row extends { id: string }, T>(
    single: SqlStatement,
    many: SqlStatement,
    map: (row: Row) => T,
  ) =>
    batchedLookup(
      (ids) =>
        ids.length === 1 ? database.run<Row>(single, ids) : database.run<Row>(many, [textArray(ids)]),
      (row) => row.id,
      map,
    );
  const customers = byIds<CustomerRow, Customer>(
    STATEMENTS.customerById,
    STATEMENTS.customersByIds,
    toCustomer,
  );
  const orders = byIds<OrderRow, Order>(STATEMENTS.order, STATEMENTS.ordersByIds, toOrder);
  return {
    getCustomerByEmail: (email: string) => {
      const normalized = email.trim().toLowerCase();
      return cache.read(
        `customer-email:${normalized}`,
        async () => found("customer", await one(STATEMENTS.customerByEmail, [normalized], toCustomer)),
        isAnswer,
      );
    },
    getCustomerById: (customerId: string) =>
      cache.read(
        `customer-id:${customerId}`,
        async () => found("customer", await customers.load(customerId)),
        isAnswer,
      ),
    getOrder: (orderId: string) =>
      cache.read(`order:${orderId}`, async () => found("order", await orders.load(orderId)), isAnswer),
    processRefund: (request: RefundRequest) =>
      cache.write(() => processRefundInSql(database, request, now().toISOString())),
    createEscalation: (request: EscalationRequest) =>
      cache.write(async () => {
        const ticket = await one(
          STATEMENTS.insertTicket,
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
        const first = await one(STATEMENTS.ticketByKey, [request.idempotencyKey ?? null], toTicket);
        if (!first) throw new Error("ticket key conflict without a committed ticket");
        return { kind: "created", ticket: first, duplicate: true } as const;
      }),
    async listTickets(filter: { readonly status?: TicketStatus } = {}) {
      const rows = await database.run<TicketRow>(STATEMENTS.tickets, [filter.status ?? null]);
      return { kind: "listed", tickets: rows.map(toTicket) } as const;
    },
    resolveTicket: (ticketId: string, resolution: string) =>
      cache.write(async () => {
        const resolved = await one(
          STATEMENTS.resolveTicket,
          [ticketId, resolution, now().toISOString()],
          toTicket,
        );
        if (resolved) return { kind: "resolved", ticket: resolved } as const;
        const existing = await one(STATEMENTS.ticketById, [ticketId], toTicket);
        return existing
          ? ({ kind: "already_resolved", ticket: existing } as const)
          : ({ kind: "not_found" } as const);
      }),
    async listRefunds(orderId: string) {
      const rows = await database.run<RefundRow>(STATEMENTS.refundsOfOrder, [orderId]);
      return { kind: "listed", refunds: rows.map(toRefund) } as const;
    },
    async feesForCustomer(customerId: string, window: FeeWindow) {
      // A customer without fees in the window comes back as one row of nulls (LEFT JOIN).
      const rows = await database.run<FeeRow | { readonly id: null }>(STATEMENTS.feesInWindow, [
        customerId,
        window.from,
        window.to,
      ]);
      if (rows.length === 0) return { kind: "customer_not_found" } as const;
      const fees = rows.filter((row): row is FeeRow => row.id !== null).map(toFee);
      return { kind: "found", fees } as const;
    },
  };
}
