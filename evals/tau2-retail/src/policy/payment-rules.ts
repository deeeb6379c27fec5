import { businessError, validationError } from "@keel/errors";
import { ownEntry } from "../db/retail-db.js";
import { orderOfInput } from "./item-rules.js";
import { retailRule, stringField, stringList } from "./retail-rule.js";

const PAYING_WRITES = new Set([
  "exchange_delivered_order_items",
  "modify_pending_order_items",
  "modify_pending_order_payment",
  "return_delivered_order_items",
]);

/**
 * Policy: "The user must provide a payment method to pay or receive refund of the price difference." / "The
 * user needs to provide a payment method to receive the refund." — a method of the order's user, on file.
 */
export const paymentMethodOnFile = retailRule("payment-method-on-file", PAYING_WRITES, ({ input, db }) => {
  const order = orderOfInput(db, input);
  if (order === undefined) return undefined;
  const methodId = stringField(input, "payment_method_id") ?? "";
  const methods = ownEntry(db.users, order.user_id)?.payment_methods ?? {};
  if (ownEntry(methods, methodId) !== undefined) return undefined;
  return validationError(
    "PAYMENT_METHOD_NOT_ON_FILE",
    `"${methodId}" is not a payment method of the order's user; the policy allows only their own methods on file: ${Object.keys(methods).join(", ")}. Ask the user which of these to use.`,
    { details: { field: "payment_method_id" } },
  );
});

/**
 * Policy: "The user can only choose a single payment method different from the original payment method."
 * (modify payment).
 */
export const differentPaymentMethod = retailRule(
  "different-payment-method",
  new Set(["modify_pending_order_payment"]),
  ({ input, db }) => {
    const original = orderOfInput(db, input)?.payment_history[0]?.payment_method_id;
    if (original === undefined || stringField(input, "payment_method_id") !== original) return undefined;
    return validationError(
      "SAME_PAYMENT_METHOD",
      `The policy requires a payment method different from the original one (${original}). Ask the user for another method on file.`,
      { details: { field: "payment_method_id" } },
    );
  },
);

/**
 * Policy: "If the user wants the modify the payment method to gift card, it must have enough balance to cover
 * the total amount." / "If the user provides a gift card, it must have enough balance to cover the price
 * difference." (modify items, exchange).
 */
export const giftCardCoversAmount = retailRule(
  "gift-card-covers-amount",
  new Set(["exchange_delivered_order_items", "modify_pending_order_items", "modify_pending_order_payment"]),
  ({ call, input, db }) => {
    const order = orderOfInput(db, input);
    if (order === undefined) return undefined;
    const method = ownEntry(
      ownEntry(db.users, order.user_id)?.payment_methods ?? {},
      stringField(input, "payment_method_id") ?? "",
    );
    if (method?.source !== "gift_card") return undefined;
    const amount = amountToPay(db, order, call.name, input);
    if (method.balance >= amount) return undefined;
    return businessError(
      "GIFT_CARD_BALANCE_TOO_LOW",
      `The gift card ${method.id} has ${method.balance}, less than the ${amount.toFixed(2)} to pay; the policy requires a gift card to cover the whole amount. Ask the user for another payment method.`,
      { details: { field: "payment_method_id" } },
    );
  },
);

/** Policy: "The refund must either go to the original payment method, or an existing gift card." (return). */
export const refundToOriginalOrGiftCard = retailRule(
  "refund-to-original-or-gift-card",
  new Set(["return_delivered_order_items"]),
  ({ input, db }) => {
    const order = orderOfInput(db, input);
    if (order === undefined) return undefined;
    const methodId = stringField(input, "payment_method_id") ?? "";
    const method = ownEntry(ownEntry(db.users, order.user_id)?.payment_methods ?? {}, methodId);
    const original = order.payment_history[0]?.payment_method_id;
    if (method === undefined || methodId === original || method.source === "gift_card") return undefined;
    return validationError(
      "REFUND_DESTINATION_NOT_ALLOWED",
      `The policy sends a refund to the original payment method (${original}) or an existing gift card only. Ask the user which of these to use.`,
      { details: { field: "payment_method_id" } },
    );
  },
);

/**
 * What a paying write charges its payment method: the order's total for a payment change, else the price
 * difference of the items swapped.
 */
export function amountToPay(
  db: Parameters<typeof orderOfInput>[0],
  order: NonNullable<ReturnType<typeof orderOfInput>>,
  tool: string,
  input: Readonly<Record<string, unknown>>,
): number {
  return tool === "modify_pending_order_payment"
    ? order.items.reduce((sum, item) => sum + item.price, 0)
    : priceDifference(db, order, stringList(input, "item_ids"), stringList(input, "new_item_ids"));
}

/** What the new items cost more than the old ones (negative: less), as τ²'s tools add it up. */
function priceDifference(
  db: Parameters<typeof orderOfInput>[0],
  order: NonNullable<ReturnType<typeof orderOfInput>>,
  oldIds: readonly string[],
  newIds: readonly string[],
): number {
  let difference = 0;
  oldIds.forEach((oldId, index) => {
    const item = order.items.find((candidate) => candidate.item_id === oldId);
    const product = item === undefined ? undefined : ownEntry(db.products, item.product_id);
    const variant = ownEntry(product?.variants ?? {}, newIds[index] ?? "");
    if (item !== undefined && variant !== undefined) difference += variant.price - item.price;
  });
  return difference;
}
