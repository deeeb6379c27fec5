import { businessError, transientError } from "@keel/errors";
import { definePreHook, type PreToolHook } from "@keel/hooks";
import type { AccountStatus, SupportBackend } from "../backend/types.js";
import { isStoreFailure, storeFailureCode } from "../tools/store-outcomes.js";
import { refundFields, verifiedCustomers } from "./run-facts.js";

/**
 * Blocks process_refund for a suspended account with the business error ACCOUNT_SUSPENDED (never
 * retryable; the model tells the customer and may offer escalate_to_human — it is not redirected, so a
 * suspended account cannot fill the human queue by asking for refunds). The status comes from this run's
 * get_customer_* outcomes; when the run has none for the customer, the backend is asked. If the backend
 * cannot answer, the refund is blocked as transient: unknown status never counts as active.
 */
export function suspendedAccountHook(backend: SupportBackend): PreToolHook {
  return definePreHook("suspended-account", async (call, context) => {
    if (call.name !== "process_refund") return { action: "allow" };
    const { customerId } = refundFields(call.input);
    if (customerId === undefined) return { action: "allow" };
    let status: AccountStatus | undefined = verifiedCustomers(context.history).get(customerId);
    if (status === undefined) {
      const result = await backend.getCustomerById(customerId);
      if (isStoreFailure(result)) {
        return {
          action: "block",
          error: transientError(
            storeFailureCode("customers", result),
            `No refund was made: the account status of ${customerId} could not be checked because the customer ` +
              "store did not answer. Retry process_refund shortly; do not tell the customer the refund went through.",
            { retryAfterMs: 500 },
          ),
        };
      }
      // An unknown customer is the verified-customer hook's and the store's concern, not this rule's.
      if (result.kind === "not_found") return { action: "allow" };
      status = result.customer.status;
    }
    if (status !== "suspended") return { action: "allow" };
    return {
      action: "block",
      error: businessError(
        "ACCOUNT_SUSPENDED",
        `No refund was made: customer ${customerId}'s account is suspended, and refunds are never paid to a ` +
          "suspended account. Do not retry; tell the customer, and offer escalate_to_human (category " +
          "account_issue) if they want a person to review the account.",
      ),
    };
  });
}
