import type { ErrorCategory } from "@keel/errors";

/**
 * Every outcome code the support tools and hooks produce, with its kind: a valid empty answer
 * ("we looked and it is not there") or an error of one category.
 */
export const SUPPORT_CODES = {
  ORDERS_UPSTREAM_TIMEOUT: { kind: "error", category: "transient" },
  ORDERS_DB_UNREACHABLE: { kind: "error", category: "transient" },
  CUSTOMERS_UPSTREAM_TIMEOUT: { kind: "error", category: "transient" },
  CUSTOMERS_DB_UNREACHABLE: { kind: "error", category: "transient" },
  TICKETS_UNAVAILABLE: { kind: "error", category: "transient" },
  FEE_SERVICE_UNREACHABLE: { kind: "error", category: "transient" },
  INVALID_ORDER_ID: { kind: "error", category: "validation" },
  CUSTOMER_NOT_VERIFIED: { kind: "error", category: "validation" },
  ALREADY_REFUNDED: { kind: "error", category: "business" },
  REFUND_LIMIT_EXCEEDED: { kind: "error", category: "business" },
  REFUND_EXCEEDS_ORDER: { kind: "error", category: "business" },
  ACCOUNT_SUSPENDED: { kind: "error", category: "business" },
  CUSTOMER_MISMATCH: { kind: "error", category: "business" },
  REFUND_FORBIDDEN: { kind: "error", category: "permission" },
  ORDER_NOT_FOUND: { kind: "empty" },
  CUSTOMER_NOT_FOUND: { kind: "empty" },
  NO_FEES_ON_RECORD: { kind: "empty" },
} as const satisfies Record<
  string,
  { readonly kind: "error"; readonly category: ErrorCategory } | { readonly kind: "empty" }
>;

/** A code from {@link SUPPORT_CODES}. */
export type SupportCode = keyof typeof SUPPORT_CODES;
