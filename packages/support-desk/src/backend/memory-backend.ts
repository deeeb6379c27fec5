import type { JsonObject } from "@keel/errors";
import { createFaultSource, type FaultController, type FaultOptions, withFault } from "./faults.js";
import { createMemoryLedger } from "./memory-ledger.js";
import { createMemoryTickets } from "./memory-tickets.js";
import { SAMPLE_DATA, type SeedData } from "./seed.js";
import type { BackendOperation, Customer, StoreFailure, SupportBackend } from "./types.js";

/** Options of {@link createMemoryBackend}. */
export interface MemoryBackendOptions extends FaultOptions {
  /** Starting data; defaults to {@link SAMPLE_DATA}. */
  readonly data?: SeedData | undefined;
  /** Clock for created/resolved timestamps. */
  readonly now?: (() => Date) | undefined;
}

/** A {@link SupportBackend} whose faults can be staged. */
export interface FaultableBackend extends SupportBackend {
  readonly faults: FaultController;
}

/**
 * An in-memory store with the sample data, for tests and the demo, behaving like the SQL store
 * (the shared contract tests hold both to it). Faults are staged with `backend.faults`; after `close()`
 * every call is `unreachable`. Throws KeelConfigError for a `faultRate` outside 0..1.
 */
export function createMemoryBackend(options: MemoryBackendOptions = {}): FaultableBackend {
  const data = options.data ?? SAMPLE_DATA;
  const now = options.now ?? (() => new Date());
  const faults = createFaultSource(options);
  const customers = new Map(data.customers.map((customer) => [customer.id, customer]));
  const byEmail = new Map(data.customers.map((customer) => [customer.email, customer]));
  const ledger = createMemoryLedger(data, now);
  const tickets = createMemoryTickets(now);
  let closed = false;

  const conversations = new Map<string, JsonObject[]>();
  const idempotencyKeys = new Map<string, string>();
  const run = <T>(operation: BackendOperation, effect: "read" | "write", answer: () => T) =>
    withFault(
      faults,
      operation,
      effect,
      async (): Promise<T | StoreFailure> => (closed ? { kind: "unreachable" } : answer()),
    );
  const found = (customer: Customer | undefined) =>
    customer ? ({ kind: "found", customer } as const) : ({ kind: "not_found" } as const);

  return {
    faults,
    getCustomerByEmail: (email) =>
      run("getCustomerByEmail", "read", () => found(byEmail.get(email.trim().toLowerCase()))),
    getCustomerById: (customerId) => run("getCustomerById", "read", () => found(customers.get(customerId))),
    getOrder: (orderId) =>
      run("getOrder", "read", () => {
        const order = ledger.order(orderId);
        return order ? ({ kind: "found", order } as const) : ({ kind: "not_found" } as const);
      }),
    processRefund: (request) =>
      run("processRefund", "write", () => ledger.refund(request, (escalation) => tickets.create(escalation))),
    createEscalation: (request) => run("createEscalation", "write", () => tickets.create(request)),
    listTickets: (filter = {}) =>
      run("listTickets", "read", () => ({ kind: "listed", tickets: tickets.list(filter.status) }) as const),
    resolveTicket: (ticketId, resolution) =>
      run("resolveTicket", "write", () => tickets.resolve(ticketId, resolution)),
    recordConversationCall: (conversationId, entry) =>
      run("recordConversationCall", "write", () => {
        const calls = conversations.get(conversationId) ?? [];
        calls.push(structuredClone(entry));
        conversations.set(conversationId, calls);
        return { kind: "recorded" } as const;
      }),
    claimIdempotencyKey: (key, fingerprint) =>
      run("claimIdempotencyKey", "write", () => {
        const first = idempotencyKeys.get(key);
        if (first === undefined) idempotencyKeys.set(key, fingerprint);
        return { kind: first === undefined ? "claimed" : first === fingerprint ? "same" : "other" } as const;
      }),
    conversationCalls: (conversationId, limit) =>
      run("conversationCalls", "read", () => ({
        kind: "listed" as const,
        entries: (conversations.get(conversationId) ?? [])
          .slice(-limit)
          .map((entry) => structuredClone(entry)),
      })),
    listRefunds: (orderId) =>
      run("listRefunds", "read", () => ({ kind: "listed", refunds: ledger.refundsOf(orderId) }) as const),
    feesForCustomer: (customerId, window) =>
      run("feesForCustomer", "read", () => {
        if (!customers.has(customerId)) return { kind: "customer_not_found" } as const;
        const fees = data.fees.filter(
          (fee) => fee.customerId === customerId && fee.chargedOn > window.from && fee.chargedOn <= window.to,
        );
        return { kind: "found", fees } as const;
      }),
    async close() {
      closed = true;
    },
  };
}
