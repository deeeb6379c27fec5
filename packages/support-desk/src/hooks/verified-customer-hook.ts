import { validationError } from "@keel/errors";
import { type PreToolHook, requireFact } from "@keel/hooks";
import { refundFields, verifiedCustomers } from "./run-facts.js";

/**
 * Blocks process_refund unless get_customer_by_email or get_customer_by_id returned this customer id
 * earlier in the same run. Validation, not business: the call can succeed once the model has looked the
 * customer up, so the message says exactly that.
 */
export function verifiedCustomerHook(): PreToolHook {
  return requireFact({
    name: "verified-customer",
    tool: "process_refund",
    fact: (history, call) => {
      const { customerId } = refundFields(call.input);
      return customerId !== undefined && verifiedCustomers(history).has(customerId);
    },
    error: (call) => {
      const { customerId } = refundFields(call.input);
      return validationError(
        "CUSTOMER_NOT_VERIFIED",
        `No refund was made: customer ${customerId ?? "(none given)"} has not been verified in this ` +
          "conversation. Look the customer up first with get_customer_by_email (or get_customer_by_id), then " +
          "call process_refund with the customer_id that lookup returned.",
        { details: { field: "customer_id", ...(customerId ? { received: customerId } : {}) } },
      );
    },
  });
}
