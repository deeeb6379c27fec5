import {
  type Order,
  ownEntry,
  type PaymentMethod,
  type Product,
  type RetailDb,
  type User,
  type Variant,
} from "../db/retail-db.js";
import { notFound, refused } from "./refusal.js";

// τ²'s private lookups (`_get_order`, `_get_user`, ...), with its texts and the same order of checks.

export function getOrder(db: RetailDb, orderId: string): Order {
  const order = ownEntry(db.orders, orderId);
  if (order === undefined)
    throw notFound(
      "ORDER_NOT_FOUND",
      "Order not found",
      `There is no order "${orderId}" (order ids look like #W0000000, with the #). Ask the user to check it, or list their orders with get_user_details.`,
    );
  return order;
}

export function getUser(db: RetailDb, userId: string): User {
  const user = ownEntry(db.users, userId);
  if (user === undefined)
    throw notFound(
      "USER_NOT_FOUND",
      "User not found",
      `There is no user "${userId}". Find the user id with find_user_id_by_email or find_user_id_by_name_zip.`,
    );
  return user;
}

export function getProduct(db: RetailDb, productId: string): Product {
  const product = ownEntry(db.products, productId);
  if (product === undefined)
    throw notFound(
      "PRODUCT_NOT_FOUND",
      "Product not found",
      `There is no product "${productId}". Product ids differ from item ids: an order's items carry their product_id, and list_all_product_types lists them all.`,
    );
  return product;
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
  const variant = ownEntry(product.variants, variantId);
  if (variant === undefined)
    throw refused(
      "validation",
      "VARIANT_NOT_FOUND",
      "Variant not found",
      `Item "${variantId}" is not an item of product ${productId} (${product.name}): a new item must be of the same product. Pick one from get_product_details, then call again.`,
    );
  return variant;
}

export function getPaymentMethod(db: RetailDb, userId: string, paymentMethodId: string): PaymentMethod {
  const user = getUser(db, userId);
  const method = ownEntry(user.payment_methods, paymentMethodId);
  if (method === undefined)
    throw refused(
      "validation",
      "PAYMENT_METHOD_NOT_FOUND",
      "Payment method not found",
      `"${paymentMethodId}" is not a payment method of user ${userId}. Use one listed by get_user_details, then call again.`,
    );
  return method;
}

/** τ²'s `_is_pending_order`: a substring test, so "pending (item modified)" counts (see the README). */
export function isPendingOrder(order: Order): boolean {
  return order.status.includes("pending");
}

/** Python's `list.count`. */
export function countOf(values: readonly string[], value: string): number {
  return values.filter((candidate) => candidate === value).length;
}
