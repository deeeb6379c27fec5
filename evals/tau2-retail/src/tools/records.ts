import {
  type Order,
  ownEntry,
  type PaymentMethod,
  type Product,
  type RetailDb,
  type User,
  type Variant,
} from "../db/retail-db.js";
import { notFound, type Refusal, refused, wrongOrderStatus } from "./refusal.js";

// τ²'s private lookups (`_get_order`, `_get_user`, ...), with its texts and the same order of checks.

/** `entry`, or the refusal `refusal` makes when there is none. */
function found<T>(entry: T | undefined, refusal: () => Refusal): T {
  if (entry === undefined) throw refusal();
  return entry;
}

export function getOrder(db: RetailDb, orderId: string): Order {
  return found(ownEntry(db.orders, orderId), () =>
    notFound(
      "ORDER_NOT_FOUND",
      "Order not found",
      `There is no order "${orderId}" (order ids look like #W0000000, with the #). Ask the user to check it, or list their orders with get_user_details.`,
    ),
  );
}

export function getUser(db: RetailDb, userId: string): User {
  const next = `There is no user "${userId}". Find the user id with find_user_id_by_email or find_user_id_by_name_zip.`;
  return found(ownEntry(db.users, userId), () => notFound("USER_NOT_FOUND", "User not found", next));
}

export function getProduct(db: RetailDb, productId: string): Product {
  const next = `There is no product "${productId}". Product ids differ from item ids: an order's items carry their product_id, and list_all_product_types lists them all.`;
  return found(ownEntry(db.products, productId), () =>
    notFound("PRODUCT_NOT_FOUND", "Product not found", next),
  );
}

/**
 * An order write's first checks, as τ²'s: the order (ORDER_NOT_FOUND), then its status, which `accepts`
 * must take, else a business refusal `code` with τ²'s text (the write's own) and `rule`.
 */
export function orderInStatus(code: string, rule: string, accepts: (status: string) => boolean) {
  const wrongStatus = wrongOrderStatus(code, rule);
  return (db: RetailDb, orderId: string, tau2Text: string): Order => {
    const order = getOrder(db, orderId);
    if (!accepts(order.status)) throw wrongStatus(orderId, order.status, tau2Text);
    return order;
  };
}

/** Any product's variant with this item id, searching products in the database's order. */
export function getItem(db: RetailDb, itemId: string): Variant {
  for (const product of Object.values(db.products)) {
    const variant = ownEntry(product.variants, itemId);
    if (variant !== undefined) return variant;
  }
  throw notFound(
    "ITEM_NOT_FOUND",
    "Item not found",
    `No product has an item "${itemId}". Item ids differ from product ids: get_product_details lists a product's items.`,
  );
}

export function getVariant(db: RetailDb, productId: string, variantId: string): Variant {
  const product = getProduct(db, productId);
  const next = `Item "${variantId}" is not an item of product ${productId} (${product.name}): a new item must be of the same product. Pick one from get_product_details, then call again.`;
  return found(ownEntry(product.variants, variantId), () =>
    refused("validation", "VARIANT_NOT_FOUND", "Variant not found", next),
  );
}

export function getPaymentMethod(db: RetailDb, userId: string, paymentMethodId: string): PaymentMethod {
  const user = getUser(db, userId);
  const next = `"${paymentMethodId}" is not a payment method of user ${userId}. Use one listed by get_user_details, then call again.`;
  return found(ownEntry(user.payment_methods, paymentMethodId), () =>
    refused("validation", "PAYMENT_METHOD_NOT_FOUND", "Payment method not found", next),
  );
}

/**
 * τ²'s check before a gift card pays: it must hold `amount`, else a business refusal with τ²'s text and
 * what was owed (`owed`, such as "the price difference 12.5").
 */
export function requireGiftCardCovers(
  method: PaymentMethod,
  paymentMethodId: string,
  amount: number,
  tau2Text: string,
  owed: string,
): void {
  if (method.source === "gift_card" && method.balance < amount)
    throw refused(
      "business",
      "INSUFFICIENT_GIFT_CARD_BALANCE",
      tau2Text,
      `Gift card ${paymentMethodId} holds ${method.balance}, less than ${owed}. Offer another payment method.`,
    );
}

/** τ²'s `_is_pending_order`: a substring test, so "pending (item modified)" counts (see the README). */
export function isPendingStatus(status: string): boolean {
  return status.includes("pending");
}

/** Python's `list.count`. */
export function countOf(values: readonly string[], value: string): number {
  return values.filter((candidate) => candidate === value).length;
}
