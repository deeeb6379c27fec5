import { type ErrorOutcome, success, validationError, validEmpty } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import type { SupportBackend } from "../backend/types.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { normalizeOrderId } from "./order-id.js";
import { orderOutput } from "./output-schemas.js";
import { orderView } from "./present.js";
import { orderIdSchema } from "./schemas.js";
import { isStoreFailure, storeFailureOutcome } from "./store-outcomes.js";

/** The validation error for an order id of the wrong shape, shared by every tool that takes one. */
export function invalidOrderId(received: string): ErrorOutcome {
  return validationError(
    "INVALID_ORDER_ID",
    `"${received}" is not an order id: order ids are ORD- followed by digits (ORD-1001) or # and digits ` +
      "(#12345). Fix the id (a letter O typed for a zero is common) or ask the customer for it, then call " +
      "again with the corrected id; the same id will fail the same way.",
    { details: { field: "order_id", expected: "ORD-1001 or #12345", received } },
  );
}

export function lookupOrderTool(backend: SupportBackend) {
  return defineTool({
    name: "lookup_order",
    title: "Look up an order",
    description: SUPPORT_DESCRIPTIONS.lookup_order,
    input: z.strictObject({ order_id: orderIdSchema }),
    output: orderOutput,
    // No read reuse: a refund in the same run changes what this returns.
    effect: "read",
    handler: async ({ order_id }) => {
      const orderId = normalizeOrderId(order_id);
      if (!orderId) return invalidOrderId(order_id);
      const result = await backend.getOrder(orderId);
      if (isStoreFailure(result)) return storeFailureOutcome("orders", result);
      if (result.kind === "not_found") {
        return validEmpty(
          "ORDER_NOT_FOUND",
          `We looked: there is no order ${orderId}. Tell the customer no such order exists and ask them to ` +
            "check the number; this is an answer, not an outage, so do not retry.",
          { order_id: orderId },
        );
      }
      return success(orderView(result.order));
    },
  });
}
