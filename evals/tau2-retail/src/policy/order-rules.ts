import { businessError, validationError } from "@keel/errors";
import { ownEntry } from "../db/retail-db.js";
import { conversationFacts } from "./conversation-facts.js";
import { retailRule, stringField } from "./retail-rule.js";

const PENDING_WRITES = new Set([
  "cancel_pending_order",
  "modify_pending_order_address",
  "modify_pending_order_items",
  "modify_pending_order_payment",
]);
const DELIVERED_WRITES = new Set(["exchange_delivered_order_items", "return_delivered_order_items"]);
const ORDER_WRITES = new Set([...PENDING_WRITES, ...DELIVERED_WRITES]);
const ITEM_CHANGES = new Set(["exchange_delivered_order_items", "modify_pending_order_items"]);
const ONCE_PER_ORDER = new Set([
  "exchange_delivered_order_items",
  "modify_pending_order_address",
  "modify_pending_order_items",
  "modify_pending_order_payment",
]);
const CANCEL_REASONS = ["no longer needed", "ordered by mistake"];

/**
 * Policy: "An order can only be cancelled if its status is 'pending', and you should check its status before
 * taking the action." (the same for modify, return and exchange). An order write needs a get_order_details of
 * that order earlier in this conversation.
 */
export const checkStatusFirst = retailRule("check-status-first", ORDER_WRITES, ({ input, context }) => {
  const orderId = stringField(input, "order_id");
  if (orderId === undefined || conversationFacts(context).ordersRead.has(orderId)) return undefined;
  return businessError(
    "STATUS_NOT_CHECKED",
    `The policy requires checking the order's status before acting on it: call get_order_details for ${orderId} first.`,
  );
});

/**
 * Policy: "Exchange or modify order tools can only be called once per order. Be sure that all items to be
 * changed are collected into a list before making the tool call!!!" — a modify or exchange tool that already
 * succeeded on this order in this conversation is not called again for it.
 */
export const modifyOrExchangeOncePerOrder = retailRule(
  "modify-or-exchange-once-per-order",
  ONCE_PER_ORDER,
  ({ call, input, context }) => {
    const orderId = stringField(input, "order_id");
    if (!conversationFacts(context).writesDone.has(`${call.name}:${orderId}`)) return undefined;
    return businessError(
      "ALREADY_MODIFIED",
      `The policy allows ${call.name} only once per order, and it already ran on ${orderId}. Tell the user it cannot be changed again${ITEM_CHANGES.has(call.name) ? " (all items to change go into one call)" : ""}.`,
    );
  },
);

/**
 * Policy: "An order can only be cancelled if its status is 'pending'" / "An order can only be modified if its
 * status is 'pending'" / "An order can only be returned if its status is 'delivered'" / "An order can only be
 * exchanged if its status is 'delivered'". Exactly `pending`: after "Modify items ... The agent will not be
 * able to modify or cancel the order anymore."
 */
export const orderStatusPrecondition = retailRule(
  "order-status-precondition",
  ORDER_WRITES,
  ({ call, input, db }) => {
    const order = ownEntry(db.orders, stringField(input, "order_id") ?? "");
    if (order === undefined) return undefined; // the tool answers "not found"
    const required = PENDING_WRITES.has(call.name) ? "pending" : "delivered";
    if (order.status === required) return undefined;
    return businessError(
      required === "pending" ? "ORDER_NOT_PENDING" : "ORDER_NOT_DELIVERED",
      `The policy allows ${call.name} only on a ${required} order; ${order.order_id} is "${order.status}". Tell the user this action is not possible for this order.`,
      { details: { order_id: order.order_id, status: order.status, required } },
    );
  },
);

/**
 * Policy: "The user needs to confirm the order id and the reason (either 'no longer needed' or 'ordered by
 * mistake') for cancellation. Other reasons are not acceptable."
 */
export const cancelReasonAllowed = retailRule(
  "cancel-reason-allowed",
  new Set(["cancel_pending_order"]),
  ({ input }) =>
    CANCEL_REASONS.includes(stringField(input, "reason") ?? "")
      ? undefined
      : validationError(
          "CANCEL_REASON_NOT_ALLOWED",
          "The policy accepts only two cancellation reasons: 'no longer needed' or 'ordered by mistake'. Ask the user which one applies.",
          { details: { field: "reason" } },
        ),
);
