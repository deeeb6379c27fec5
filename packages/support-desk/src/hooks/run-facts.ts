import { isRecord } from "@keel/errors/internal";
import type { CompletedCall } from "@keel/hooks";
import type { AccountStatus } from "../backend/types.js";

const CUSTOMER_LOOKUPS = new Set(["get_customer_by_email", "get_customer_by_id"]);

const record = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

/**
 * Customers this run verified: every successful get_customer_* outcome, by customer id, with the account
 * status it reported (the latest lookup wins). Only what entered the history counts.
 */
export function verifiedCustomers(
  history: readonly Pick<CompletedCall, "executed" | "outcome">[],
): Map<string, AccountStatus | undefined> {
  const verified = new Map<string, AccountStatus | undefined>();
  for (const { executed, outcome } of history) {
    if (!CUSTOMER_LOOKUPS.has(executed) || outcome.kind !== "success") continue;
    const data = record(outcome.data);
    if (typeof data?.customer_id !== "string") continue;
    const status = data.status === "active" || data.status === "suspended" ? data.status : undefined;
    verified.set(data.customer_id, status);
  }
  return verified;
}

/** The customer of the latest successful get_customer_* outcome, or undefined when none succeeded. */
export function latestVerifiedCustomer(
  history: readonly Pick<CompletedCall, "executed" | "outcome">[],
): string | undefined {
  let latest: string | undefined;
  for (const entry of history) latest = [...verifiedCustomers([entry]).keys()][0] ?? latest;
  return latest;
}

/** The fields of a process_refund input, read defensively: hooks must not trust a shape they did not check. */
export function refundFields(input: unknown) {
  const fields = record(input) ?? {};
  return {
    customerId: typeof fields.customer_id === "string" ? fields.customer_id : undefined,
    orderId: typeof fields.order_id === "string" ? fields.order_id : undefined,
    amount: typeof fields.amount === "number" ? fields.amount : undefined,
    reason: typeof fields.reason === "string" ? fields.reason : undefined,
  };
}
