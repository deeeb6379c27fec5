import { success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import { pythonRound2 } from "../db/python-round.js";
import type { OrderPayment, RetailDb } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { heldItem, swappedItemsPrice } from "./item-swaps.js";
import { getOrder, getPaymentMethod, getUser, isPendingOrder } from "./records.js";
import { refused, snapshot, tau2Handler, wrongOrderStatus } from "./refusal.js";
import { addressFields, itemSwapInput, orderId, paymentMethodId } from "./schemas.js";

const CANCEL_REASONS = new Set(["no longer needed", "ordered by mistake"]);

const notPending = wrongOrderStatus("ORDER_NOT_PENDING", "only a pending order can be changed this way");

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
        const order = getOrder(db, order_id);
        if (order.status !== "pending")
          throw notPending(order_id, order.status, "Non-pending order cannot be cancelled");
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
    defineTool({
      name: "modify_pending_order_address",
      description: RETAIL_DESCRIPTIONS.modify_pending_order_address,
      input: z.strictObject({ order_id: orderId, ...addressFields }),
      effect: "write",
      handler: tau2Handler(({ order_id, address1, address2, city, state, country, zip }) => {
        const order = getOrder(db, order_id);
        if (!isPendingOrder(order))
          throw notPending(order_id, order.status, "Non-pending order cannot be modified");
        order.address = { address1, address2, city, state, country, zip };
        return success(snapshot(order));
      }),
    }),
    defineTool({
      name: "modify_pending_order_payment",
      description: RETAIL_DESCRIPTIONS.modify_pending_order_payment,
      input: z.strictObject({ order_id: orderId, payment_method_id: paymentMethodId }),
      effect: "write",
      handler: tau2Handler(({ order_id, payment_method_id }) => {
        const order = getOrder(db, order_id);
        if (!isPendingOrder(order))
          throw notPending(order_id, order.status, "Non-pending order cannot be modified");
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
        if (method.source === "gift_card" && method.balance < amount)
          throw refused(
            "business",
            "INSUFFICIENT_GIFT_CARD_BALANCE",
            "Insufficient gift card balance to pay for the order",
            `Gift card ${payment_method_id} holds ${method.balance}, less than the order's ${amount}. Offer another payment method.`,
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
    defineTool({
      name: "modify_pending_order_items",
      description: RETAIL_DESCRIPTIONS.modify_pending_order_items,
      input: itemSwapInput,
      effect: "write",
      handler: tau2Handler(({ order_id, item_ids, new_item_ids, payment_method_id }) => {
        const order = getOrder(db, order_id);
        if (order.status !== "pending")
          throw notPending(order_id, order.status, "Non-pending order cannot be modified");
        const { difference, lastVariant } = swappedItemsPrice(db, order, item_ids, new_item_ids, {
          missing: (itemId) => `${itemId} not found`,
          countMismatch: "The number of items to be exchanged should match",
          refuseSameItem: true,
        });
        const method = getPaymentMethod(db, order.user_id, payment_method_id);
        if (method.source === "gift_card" && method.balance < difference)
          throw refused(
            "business",
            "INSUFFICIENT_GIFT_CARD_BALANCE",
            "Insufficient gift card balance to pay for the new item",
            `Gift card ${payment_method_id} holds ${method.balance}, less than the price difference ${difference}. Offer another payment method.`,
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
    }),
  ];
}
