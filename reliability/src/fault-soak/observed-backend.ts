import type { SupportBackend } from "@keel/support-desk";
import type { RefundRequest, RefundResult } from "@keel/support-desk/internal";

/** What one run asked the store and what came back, for the ledger invariants. */
export interface StoreObservations {
  /** Every call made through this run's view of the store. */
  storeCalls: number;
  /** Calls that came back `timeout` or `unreachable` (only injected faults produce these here). */
  storeFaults: number;
  readonly refunds: { readonly request: RefundRequest; readonly result: RefundResult }[];
}

const isFailure = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  ((value as { kind?: unknown }).kind === "timeout" || (value as { kind?: unknown }).kind === "unreachable");

/**
 * The shared store seen through one run: every call is passed on unchanged, and the failures and the
 * refund requests with their results are written down. `close` is not passed on: the store outlives runs.
 */
export function observedBackend(backend: SupportBackend, observations: StoreObservations): SupportBackend {
  const observe = async <T>(call: Promise<T>): Promise<T> => {
    observations.storeCalls++;
    const result = await call;
    if (isFailure(result)) observations.storeFaults++;
    return result;
  };
  return {
    getCustomerByEmail: (email) => observe(backend.getCustomerByEmail(email)),
    getCustomerById: (customerId) => observe(backend.getCustomerById(customerId)),
    getOrder: (orderId) => observe(backend.getOrder(orderId)),
    processRefund: async (request) => {
      const result = await observe(backend.processRefund(request));
      observations.refunds.push({ request, result });
      return result;
    },
    createEscalation: (request) => observe(backend.createEscalation(request)),
    listTickets: (filter) => observe(backend.listTickets(filter)),
    resolveTicket: (ticketId, resolution) => observe(backend.resolveTicket(ticketId, resolution)),
    listRefunds: (orderId) => observe(backend.listRefunds(orderId)),
    feesForCustomer: (customerId, window) => observe(backend.feesForCustomer(customerId, window)),
    recordConversationCall: (conversationId, entry) =>
      observe(backend.recordConversationCall(conversationId, entry)),
    conversationCalls: (conversationId, limit) => observe(backend.conversationCalls(conversationId, limit)),
    claimIdempotencyKey: (key, fingerprint) => observe(backend.claimIdempotencyKey(key, fingerprint)),
    close: async () => {},
  };
}
