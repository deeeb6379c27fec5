import type { JsonObject } from "@keel/errors";

/** A suspended account never receives a refund. */
export type AccountStatus = "active" | "suspended";

/** A customer account as the store keeps it. */
export interface Customer {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly status: AccountStatus;
  readonly tier: "standard" | "gold";
  /** ISO 8601. */
  readonly createdAt: string;
}

/** An order with the sum already refunded against it. */
export interface Order {
  readonly id: string;
  readonly customerId: string;
  /** Money is integer cents everywhere below the tools, so sums are exact. */
  readonly amountCents: number;
  readonly currency: "USD";
  readonly status: "processing" | "shipped" | "delivered";
  readonly itemSummary: string;
  /** ISO 8601. */
  readonly placedAt: string;
  /** Sum of the refunds recorded against this order. */
  readonly refundedCents: number;
}

/** One payment back to a customer; `idempotencyKey` is unique across all refunds. */
export interface Refund {
  readonly id: string;
  readonly orderId: string;
  readonly customerId: string;
  readonly amountCents: number;
  readonly reason: string;
  readonly idempotencyKey: string;
  /** ISO 8601. */
  readonly createdAt: string;
}

/** A ticket is open until a person resolves it. */
export type TicketStatus = "open" | "resolved";

/** Why a person is needed. */
export type EscalationCategory =
  | "refund_over_limit"
  | "customer_request"
  | "account_issue"
  | "policy_exception";

/** A durable escalation: what a person reads, acts on and resolves. */
export interface Ticket {
  readonly id: string;
  readonly status: TicketStatus;
  readonly category: EscalationCategory;
  readonly summary: string;
  readonly customerId: string | null;
  /** The action waiting for a person (e.g. the refund the hook stopped), verbatim. */
  readonly pendingRequest: JsonObject | null;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  readonly resolution: string | null;
}

/** A fee charged to a customer: the input of the cap basis. */
export interface Fee {
  readonly id: string;
  readonly customerId: string;
  readonly amountCents: number;
  readonly description: string;
  /** YYYY-MM-DD. */
  readonly chargedOn: string;
}

/**
 * The store could not answer. `timeout`: the call may have reached the store (for a write, it may have
 * been applied); `unreachable`: it never did. Neither ever means "not found".
 */
export type StoreFailure = { readonly kind: "timeout" } | { readonly kind: "unreachable" };

/** A customer lookup: found, genuinely absent, or the store could not answer. */
export type CustomerResult =
  | { readonly kind: "found"; readonly customer: Customer }
  | { readonly kind: "not_found" }
  | StoreFailure;

/** An order lookup: found, genuinely absent, or the store could not answer. */
export type OrderResult =
  | { readonly kind: "found"; readonly order: Order }
  | { readonly kind: "not_found" }
  | StoreFailure;

/** A refund to pay, in integer cents. */
export interface RefundRequest {
  readonly customerId: string;
  readonly orderId: string;
  readonly amountCents: number;
  readonly reason: string;
  /**
   * One key pays at most once: a repeat of the same request returns the first refund with `duplicate:
   * true`; the key with other parameters is refused (`key_reused`).
   */
  readonly idempotencyKey: string;
  /**
   * Automatic refunds of one order may total at most this many cents: a refund that would take the total
   * past it pays nothing and opens a `refund_over_limit` ticket instead, in the same transaction.
   */
  readonly automaticLimitCents?: number | undefined;
}

/** Every way a refund can end; only `refunded` moved money (and only when `duplicate` is false). */
export type RefundResult =
  | { readonly kind: "refunded"; readonly refund: Refund; readonly duplicate: boolean; readonly order: Order }
  | { readonly kind: "order_not_found" }
  | { readonly kind: "customer_mismatch"; readonly orderCustomerId: string }
  | { readonly kind: "account_suspended" }
  | { readonly kind: "already_refunded"; readonly order: Order }
  | { readonly kind: "exceeds_order"; readonly order: Order; readonly remainingCents: number }
  | {
      readonly kind: "over_limit";
      /** The ticket that holds the refund for a person (the same ticket on a retry: `duplicate`). */
      readonly ticket: Ticket;
      readonly duplicate: boolean;
      readonly order: Order;
      readonly limitCents: number;
    }
  | { readonly kind: "key_reused"; readonly idempotencyKey: string }
  | StoreFailure;

/** A ticket to open. */
export interface EscalationRequest {
  readonly category: EscalationCategory;
  readonly summary: string;
  readonly customerId: string | null;
  readonly pendingRequest: JsonObject | null;
  /** When given, a repeat with the same key returns the first ticket instead of opening another. */
  readonly idempotencyKey?: string | undefined;
}

/** The ticket opened (or the first one, for a repeated key), or the store could not answer. */
export type EscalationResult =
  | { readonly kind: "created"; readonly ticket: Ticket; readonly duplicate: boolean }
  | StoreFailure;

/** Tickets in opening order, or the store could not answer. */
export type TicketListResult =
  | { readonly kind: "listed"; readonly tickets: readonly Ticket[] }
  | StoreFailure;

/** Resolving is done once; a second attempt reports the ticket as already resolved. */
export type ResolveTicketResult =
  | { readonly kind: "resolved"; readonly ticket: Ticket }
  | { readonly kind: "already_resolved"; readonly ticket: Ticket }
  | { readonly kind: "not_found" }
  | StoreFailure;

/** A closed date window: fees charged after `from` and on or before `to` (both YYYY-MM-DD). */
export interface FeeWindow {
  readonly from: string;
  readonly to: string;
}

/** The fees in a window (possibly none), an unknown customer, or the fee service could not answer. */
export type FeesResult =
  | { readonly kind: "found"; readonly fees: readonly Fee[] }
  | { readonly kind: "customer_not_found" }
  | StoreFailure;

/** The seam `resolve_cap_basis` reads fees through: a separate service in production, the store here. */
export interface FeeService {
  feesForCustomer(customerId: string, window: FeeWindow): Promise<FeesResult>;
}

/**
 * Everything the support tools need from a store. Methods never throw for store trouble: they resolve
 * with a discriminated result, and a failure to reach the store is `timeout` / `unreachable`.
 */
export interface SupportBackend extends FeeService {
  getCustomerByEmail(email: string): Promise<CustomerResult>;
  getCustomerById(customerId: string): Promise<CustomerResult>;
  getOrder(orderId: string): Promise<OrderResult>;
  /** Atomic: never pays one idempotency key twice, never refunds more than the order's amount. */
  processRefund(request: RefundRequest): Promise<RefundResult>;
  createEscalation(request: EscalationRequest): Promise<EscalationResult>;
  listTickets(filter?: { readonly status?: TicketStatus }): Promise<TicketListResult>;
  resolveTicket(ticketId: string, resolution: string): Promise<ResolveTicketResult>;
  /** Refunds recorded against an order, oldest first (for audits and tests). */
  listRefunds(
    orderId: string,
  ): Promise<{ readonly kind: "listed"; readonly refunds: readonly Refund[] } | StoreFailure>;
  /**
   * Appends one answered call to a conversation's history (an MCP client's conversation id), so hooks that
   * look back ("customer verified earlier") work across stateless requests, processes and replicas.
   */
  recordConversationCall(
    conversationId: string,
    entry: JsonObject,
  ): Promise<{ readonly kind: "recorded" } | StoreFailure>;
  /**
   * Binds an idempotency key to the fingerprint of the request it was first used for (what the tool-call
   * path claims before a write runs): `claimed` when the key was free, `same` when it is bound to this very
   * request, `other` when it names another request, which must then be refused.
   */
  claimIdempotencyKey(
    key: string,
    fingerprint: string,
  ): Promise<{ readonly kind: "claimed" | "same" | "other" } | StoreFailure>;
  /** The conversation's calls, oldest first, at most the latest `limit`. */
  conversationCalls(
    conversationId: string,
    limit: number,
  ): Promise<{ readonly kind: "listed"; readonly entries: readonly JsonObject[] } | StoreFailure>;
  close(): Promise<void>;
}

/** Every operation of a {@link SupportBackend} a fault can be staged on, as values (for parsing and listing). */
export const BACKEND_OPERATIONS = [
  "getCustomerByEmail",
  "getCustomerById",
  "getOrder",
  "processRefund",
  "createEscalation",
  "listTickets",
  "resolveTicket",
  "listRefunds",
  "feesForCustomer",
  "recordConversationCall",
  "claimIdempotencyKey",
  "conversationCalls",
] as const;

/** The operations faults can be staged on. */
export type BackendOperation = (typeof BACKEND_OPERATIONS)[number];

/** The two ways a store call fails. */
export type FaultKind = StoreFailure["kind"];

/** Every {@link FaultKind}, as values. */
export const FAULT_KINDS: readonly FaultKind[] = ["timeout", "unreachable"];
