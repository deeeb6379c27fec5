import type { JsonObject } from "@keel/errors";
import { createFaultSource, type FaultController, type FaultOptions, withFault } from "./faults.js";
import { FIRST_GENERATED_NUMBER, SAMPLE_DATA, type SeedData } from "./seed.js";
import type { Customer, Order, Refund, RefundResult, SupportBackend, Ticket } from "./types.js";

export interface MemoryBackendOptions extends FaultOptions {
  /** Starting data; defaults to {@link SAMPLE_DATA}. */
  readonly data?: SeedData;
  /** Clock for created/resolved timestamps. */
  readonly now?: () => Date;
}

/** A {@link SupportBackend} whose faults can be staged. */
export interface FaultableBackend extends SupportBackend {
  readonly faults: FaultController;
}

/**
 * An in-memory store with sample data, for tests and the demo. Operations are atomic because nothing
 * awaits between a check and its write; faults are staged with `backend.faults`.
 */
export function createMemoryBackend(options: MemoryBackendOptions = {}): FaultableBackend {
  const data = options.data ?? SAMPLE_DATA;
  const now = options.now ?? (() => new Date());
  const faults = createFaultSource(options);
  const customers = new Map(data.customers.map((customer) => [customer.id, customer]));
  const orders = new Map(data.orders.map((order) => [order.id, order]));
  const refunds: Refund[] = [...data.refunds];
  const tickets = new Map<string, Ticket>();
  const ticketKeys = new Map<string, string>();
  let nextRefund = FIRST_GENERATED_NUMBER;
  let nextTicket = FIRST_GENERATED_NUMBER;
  let closed = false;

  const reachable = async <T>(run: () => T): Promise<T | { kind: "unreachable" }> =>
    closed ? { kind: "unreachable" } : run();
  const withRefunds = (order: Omit<Order, "refundedCents">): Order => ({
    ...order,
    refundedCents: refunds
      .filter((refund) => refund.orderId === order.id)
      .reduce((sum, r) => sum + r.amountCents, 0),
  });
  const findCustomer = (customer: Customer | undefined) =>
    customer ? ({ kind: "found", customer } as const) : ({ kind: "not_found" } as const);

  return {
    faults,
    getCustomerByEmail: (email) =>
      withFault(faults, "getCustomerByEmail", "read", () =>
        reachable(() => {
          const wanted = email.trim().toLowerCase();
          return findCustomer([...customers.values()].find((customer) => customer.email === wanted));
        }),
      ),
    getCustomerById: (customerId) =>
      withFault(faults, "getCustomerById", "read", () =>
        reachable(() => findCustomer(customers.get(customerId))),
      ),
    getOrder: (orderId) =>
      withFault(faults, "getOrder", "read", () =>
        reachable(() => {
          const order = orders.get(orderId);
          return order
            ? ({ kind: "found", order: withRefunds(order) } as const)
            : ({ kind: "not_found" } as const);
        }),
      ),
    processRefund: (request) =>
      withFault(faults, "processRefund", "write", () =>
        reachable((): RefundResult => {
          const stored = orders.get(request.orderId);
          if (!stored) return { kind: "order_not_found" };
          const first = refunds.find((refund) => refund.idempotencyKey === request.idempotencyKey);
          if (first) {
            const order = withRefunds(orders.get(first.orderId) ?? stored);
            return { kind: "refunded", refund: first, duplicate: true, order };
          }
          if (stored.customerId !== request.customerId) {
            return { kind: "customer_mismatch", orderCustomerId: stored.customerId };
          }
          if (customers.get(stored.customerId)?.status === "suspended") return { kind: "account_suspended" };
          const order = withRefunds(stored);
          const remainingCents = order.amountCents - order.refundedCents;
          if (remainingCents <= 0) return { kind: "already_refunded", order };
          if (request.amountCents > remainingCents) return { kind: "exceeds_order", order, remainingCents };
          const refund: Refund = {
            id: `R-${nextRefund++}`,
            orderId: request.orderId,
            customerId: request.customerId,
            amountCents: request.amountCents,
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            createdAt: now().toISOString(),
          };
          refunds.push(refund);
          return { kind: "refunded", refund, duplicate: false, order: withRefunds(stored) };
        }),
      ),
    createEscalation: (request) =>
      withFault(faults, "createEscalation", "write", () =>
        reachable(() => {
          const existing = request.idempotencyKey ? ticketKeys.get(request.idempotencyKey) : undefined;
          if (existing) return { kind: "created", ticket: tickets.get(existing)!, duplicate: true } as const;
          const ticket: Ticket = {
            id: `T-${nextTicket++}`,
            status: "open",
            category: request.category,
            summary: request.summary,
            customerId: request.customerId,
            pendingRequest: request.pendingRequest
              ? (structuredClone(request.pendingRequest) as JsonObject)
              : null,
            createdAt: now().toISOString(),
            resolvedAt: null,
            resolution: null,
          };
          tickets.set(ticket.id, ticket);
          if (request.idempotencyKey) ticketKeys.set(request.idempotencyKey, ticket.id);
          return { kind: "created", ticket, duplicate: false } as const;
        }),
      ),
    listTickets: (filter = {}) =>
      withFault(faults, "listTickets", "read", () =>
        reachable(() => {
          const all = [...tickets.values()];
          const listed = filter.status ? all.filter((ticket) => ticket.status === filter.status) : all;
          return { kind: "listed", tickets: listed } as const;
        }),
      ),
    resolveTicket: (ticketId, resolution) =>
      withFault(faults, "resolveTicket", "write", () =>
        reachable(() => {
          const ticket = tickets.get(ticketId);
          if (!ticket) return { kind: "not_found" } as const;
          if (ticket.status === "resolved") return { kind: "already_resolved", ticket } as const;
          const resolved: Ticket = {
            ...ticket,
            status: "resolved",
            resolution,
            resolvedAt: now().toISOString(),
          };
          tickets.set(ticketId, resolved);
          return { kind: "resolved", ticket: resolved } as const;
        }),
      ),
    listRefunds: (orderId) =>
      withFault(faults, "listRefunds", "read", () =>
        reachable(
          () =>
            ({ kind: "listed", refunds: refunds.filter((refund) => refund.orderId === orderId) }) as const,
        ),
      ),
    feesForCustomer: (customerId, window) =>
      withFault(faults, "feesForCustomer", "read", () =>
        reachable(() => {
          if (!customers.has(customerId)) return { kind: "customer_not_found" } as const;
          const fees = data.fees.filter(
            (fee) =>
              fee.customerId === customerId && fee.chargedOn > window.from && fee.chargedOn <= window.to,
          );
          return { kind: "found", fees } as const;
        }),
      ),
    async close() {
      closed = true;
    },
  };
}
