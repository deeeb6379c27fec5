import { success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import { compareCodePoints } from "../db/digest.js";
import { pythonRound2 } from "../db/python-round.js";
import type { RetailDb } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { requireItemsHeld, swappedItemsPrice } from "./item-swaps.js";
import { getPaymentMethod, getUser, orderInStatus, requireGiftCardCovers } from "./records.js";
import { refused, snapshot, tau2Handler } from "./refusal.js";
import { itemIds, orderId, paymentMethodId } from "./schemas.js";
import { itemSwapWrite } from "./shared-writes.js";

const deliveredOrder = orderInStatus(
  "ORDER_NOT_DELIVERED",
  "only a delivered order can be exchanged or returned",
  (status) => status === "delivered",
);

/** τ²'s two writes on a delivered order: they only record a request (the status changes, no money moves). */
export function deliveredOrderWrites(db: RetailDb) {
  return [
    itemSwapWrite(
      "exchange_delivered_order_items",
      ({ order_id, item_ids, new_item_ids, payment_method_id }) => {
        const order = deliveredOrder(db, order_id, "Non-delivered order cannot be exchanged");
        const { difference } = swappedItemsPrice(db, order, item_ids, new_item_ids, {
          missing: (itemId) => `Number of ${itemId} not found.`,
          countMismatch: "The number of items to be exchanged should match.",
          refuseSameItem: false,
        });
        const priceDifference = pythonRound2(difference);
        const method = getPaymentMethod(db, order.user_id, payment_method_id);
        requireGiftCardCovers(
          method,
          payment_method_id,
          priceDifference,
          "Insufficient gift card balance to pay for the price difference",
          `the price difference ${priceDifference.toFixed(2)}`,
        );
        order.status = "exchange requested";
        order.exchange_items = [...item_ids].sort(compareCodePoints);
        order.exchange_new_items = [...new_item_ids].sort(compareCodePoints);
        order.exchange_payment_method_id = payment_method_id;
        order.exchange_price_difference = priceDifference;
        return success(snapshot(order));
      },
    ),
    defineTool({
      name: "return_delivered_order_items",
      description: RETAIL_DESCRIPTIONS.return_delivered_order_items,
      input: z.strictObject({ order_id: orderId, item_ids: itemIds, payment_method_id: paymentMethodId }),
      effect: "write",
      handler: tau2Handler(({ order_id, item_ids, payment_method_id }) => {
        const order = deliveredOrder(db, order_id, "Non-delivered order cannot be returned");
        const user = getUser(db, order.user_id);
        const method = getPaymentMethod(db, user.user_id, payment_method_id);
        if (method.source !== "gift_card") {
          const original = order.payment_history[0];
          // Python raises IndexError here for an order without payments; τ² reports any exception as an error.
          if (original === undefined)
            throw refused(
              "unclassified",
              "TAU2_TOOL_EXCEPTION",
              "list index out of range",
              `Order ${order_id} has no payment to refund to. Do not retry; transfer the user to a human agent.`,
            );
          if (payment_method_id !== original.payment_method_id)
            throw refused(
              "business",
              "REFUND_METHOD_NOT_ALLOWED",
              "Payment method should be the original payment method",
              `A return is refunded to the original payment method (${original.payment_method_id}) or a gift card of the user. Ask the user which.`,
            );
        }
        requireItemsHeld(order, item_ids, () => "Some item not found");
        order.status = "return requested";
        order.return_items = [...item_ids].sort(compareCodePoints);
        order.return_payment_method_id = payment_method_id;
        return success(snapshot(order));
      }),
    }),
  ];
}
