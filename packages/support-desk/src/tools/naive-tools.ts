import { success, validEmpty } from "@keel/errors";
import { defineTool, type Tool } from "@keel/tools";
import { z } from "zod/v4";
import type { SupportBackend } from "../backend/types.js";
import { NAIVE_DESCRIPTIONS } from "./descriptions.js";
import { normalizeOrderId } from "./order-id.js";
import { customerView, orderView } from "./present.js";
import { isStoreFailure, storeFailureOutcome } from "./store-outcomes.js";

/**
 * The distractor of reference 002: two getters whose "Retrieves X information" descriptions say nothing
 * about when (not) to use them, so a request such as "check order #12345 status" routes AMBIGUOUS.
 * Only the descriptions are naive (outages still come back as transient errors), so the contrast isolates
 * them. Kept to show the contrast; never give these to an agent.
 */
export function createNaiveTools(backend: SupportBackend): Tool[] {
  const getCustomer = defineTool({
    name: "get_customer",
    description: NAIVE_DESCRIPTIONS.get_customer,
    input: z.object({ query: z.string().min(1).max(254) }),
    effect: "read",
    handler: async ({ query }) => {
      const result = query.includes("@")
        ? await backend.getCustomerByEmail(query)
        : await backend.getCustomerById(query);
      if (isStoreFailure(result)) return storeFailureOutcome("customers", result);
      return result.kind === "found"
        ? success(customerView(result.customer))
        : validEmpty("CUSTOMER_NOT_FOUND", "No customer found.");
    },
  });
  const lookupOrder = defineTool({
    name: "lookup_order",
    description: NAIVE_DESCRIPTIONS.lookup_order,
    input: z.object({ order_id: z.string().min(1).max(32) }),
    effect: "read",
    handler: async ({ order_id }) => {
      const result = await backend.getOrder(normalizeOrderId(order_id) ?? order_id);
      if (isStoreFailure(result)) return storeFailureOutcome("orders", result);
      return result.kind === "found"
        ? success(orderView(result.order))
        : validEmpty("ORDER_NOT_FOUND", "No order found.");
    },
  });
  return [getCustomer, lookupOrder] as Tool[];
}
