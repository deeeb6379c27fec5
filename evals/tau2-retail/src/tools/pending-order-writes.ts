import { success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import { pythonRound2 } from "../db/python-round.js";
import type { OrderPayment, RetailDb } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { heldItem, swappedItemsPrice } from "./item-swaps.js";
import {
  getPaymentMethod,
  getUser,
  isPendingStatus,
  orderInStatus,
  requireGiftCardCovers,
} from "./records.js";
import { refused, snapshot, tau2Handler } from "./refusal.js";
import { orderId, paymentMethodId } from "./schemas.js";
import { addressWrite, itemSwapWrite } from "./shared-writes.js";

const CANCEL_REASONS = new Set(["no longer needed", "ordered by mistake"]);

const PENDING_RULE = "only a pending order can be changed this way";
/** Cancel and item modification take exactly "pending". */
const pendingOrder = orderInStatus("ORDER_NOT_PENDING", PENDING_RULE, (status) => status === "pending");
/** The address and payment changes take τ²'s `_is_pending_order`, "pending (item modified)" too. */
const somePendingOrder = orderInStatus("ORDER_NOT_PENDING", PENDING_RULE, isPendingStatus);

/** τ²'s four writes on a pending order, ported line by line (see the README for the quirks kept). */
export function pendingOrderWrites(db: RetailDb) {
  return [
    defineTool({
      name: "cancel_pending_order",
      description: RETAIL_DESCRIPTIONS.cancel_pending_order,
      input: z.strictObject({
        order_id: orderId,
        reason: z.string().describe("Either 'no longer needed' or 'ordered by mistake'."),
      }),
      effect: "write",
      handler: tau2Handler(({ order_id, reason }) => {
        const order = pendingOrder(db, order_id, "Non-pending order cannot be cancelled");
        if (!CANCEL_REASONS.has(reason))
          throw refused(
            "validation",
            "INVALID_CANCEL_REASON",
            "Invalid reason",
            `The reason must be exactly "no longer needed" or "ordered by mistake", got "${reason}". Ask the user which, then call again.`,
          );
        const refunds: OrderPayment[] = [];
        for (const payment of order.payment_history) {
          refunds.push({
            transaction_type: "refund",
            amount: payment.amount,
            payment_method_id: payment.payment_method_id,
          });
          const user = getUser(db, order.user_id);
          const method = getPaymentMethod(db, user.user_id, payment.payment_method_id);
          if (method.source === "gift_card") {
            method.balance = pythonRound2(method.balance + payment.amount);
          }
        }
        order.status = "cancelled";
        order.cancel_reason = reason;
        order.payment_history.push(...refunds);
        return success(snapshot(order));
      }),
    }),
    addressWrite("modify_pending_order_address", (id) =>
      somePendingOrder(db, id, "Non-pending order cannot be modified"),
    ),
    defineTool({
      name: "modify_pending_order_payment",
      description: RETAIL_DESCRIPTIONS.modify_pending_order_payment,
      input: z.strictObject({ order_id: orderId, payment_method_id: paymentMethodId }),
      effect: "write",
      handler: tau2Handler(({ order_id, payment_method_id }) => {
        const order = somePendingOrder(db, order_id, "Non-pending order cannot be modified");
        const method = getPaymentMethod(db, order.user_id, payment_method_id);
        const first = order.payment_history[0];
        if (order.payment_history.length !== 1 || first?.transaction_type !== "payment")
          throw refused(
            "business",
            "NOT_SINGLE_PAYMENT",
            "There should be exactly one payment for a pending order",
            `Order ${order_id} no longer has exactly one payment (its payment was already changed). Do not retry.`,
          );
        if (first.payment_method_id === payment_method_id)
          throw refused(
            "validation",
            "SAME_PAYMENT_METHOD",
            "The new payment method should be different from the current one",
            `Order ${order_id} is already paid with ${payment_method_id}. Ask the user for another of their payment methods.`,
          );
        const amount = first.amount;
        requireGiftCardCovers(
          method,
          payment_method_id,
          amount,
          "Insufficient gift card balance to pay for the order",
          `the order's ${amount.toFixed(2)}`,
        );
        order.payment_history.push(
          { transaction_type: "payment", amount, payment_method_id },
          { transaction_type: "refund", amount, payment_method_id: first.payment_method_id },
        );
        if (method.source === "gift_card") method.balance = pythonRound2(method.balance - amount);
        const old = getPaymentMethod(db, order.user_id, first.payment_method_id);
        if (old.source === "gift_card") old.balance = pythonRound2(old.balance + amount);
        return success(snapshot(order));
      }),
    }),
    itemSwapWrite("modify_pending_order_items", ({ order_id, item_ids, new_item_ids, payment_method_id }) => {
      const order = pendingOrder(db, order_id, "Non-pending order cannot be modified");
      const { difference, lastVariant } = swappedItemsPrice(db, order, item_ids, new_item_ids, {
        missing: (itemId) => `${itemId} not found`,
        countMismatch: "The number of items to be exchanged should match",
        refuseSameItem: true,
      });
      const method = getPaymentMethod(db, order.user_id, payment_method_id);
      requireGiftCardCovers(
        method,
        payment_method_id,
        difference,
        "Insufficient gift card balance to pay for the new item",
        `the price difference ${difference.toFixed(2)}`,
      );
      // τ² records the unrounded difference and rounds only the gift card's balance.
      order.payment_history.push({
        transaction_type: difference > 0 ? "payment" : "refund",
        amount: Math.abs(difference),
        payment_method_id,
      });
      if (method.source === "gift_card") method.balance = pythonRound2(method.balance - difference);
      for (const [index, itemId] of item_ids.entries()) {
        const item = heldItem(order, itemId, " left to change.");
        // τ²'s quirk, kept: every modified item takes the price and options of the LAST new item checked.
        item.item_id = new_item_ids[index] as string;
        if (lastVariant !== undefined) {
          item.price = lastVariant.price;
          item.options = lastVariant.options;
        }
      }
      order.status = "pending (item modified)";
      return success(snapshot(order));
    }),
  ];
}
