import type { Order, OrderItem, RetailDb, Variant } from "../db/retail-db.js";
import { countOf, getVariant } from "./records.js";
import { refused } from "./refusal.js";

interface SwapTexts {
  /** τ²'s text when the order holds an item fewer times than the call names it. */
  readonly missing: (itemId: string) => string;
  readonly countMismatch: string;
  /** modify_pending_order_items refuses swapping an item for itself; the exchange does not check. */
  readonly refuseSameItem: boolean;
}

/** Refuses (ITEM_NOT_IN_ORDER, with τ²'s `missing` text) an item the call names more often than the order holds it. */
export function requireItemsHeld(
  order: Order,
  itemIds: readonly string[],
  missing: (itemId: string) => string,
) {
  const heldIds = order.items.map((item) => item.item_id);
  for (const itemId of itemIds) {
    if (countOf(itemIds, itemId) > countOf(heldIds, itemId))
      throw refused(
        "validation",
        "ITEM_NOT_IN_ORDER",
        missing(itemId),
        `Order ${order.order_id} does not hold item ${itemId} that many times. Use the item ids get_order_details lists, then call again.`,
      );
  }
}

/** The order's first item with id `itemId`, or a refusal (ITEM_NOT_IN_ORDER) whose message ends with `ending`. */
export function heldItem(order: Order, itemId: string, ending: string): OrderItem {
  const item = order.items.find((candidate) => candidate.item_id === itemId);
  if (item === undefined)
    throw refused(
      "validation",
      "ITEM_NOT_IN_ORDER",
      `Item ${itemId} not found`,
      `Order ${order.order_id} has no item ${itemId}${ending}`,
    );
  return item;
}

/**
 * The checks and price difference τ²'s exchange and item modification share, in τ²'s order: each item held
 * often enough, as many new items as old, then per pair the new item a variant of the old item's product
 * and available. The difference is summed pair by pair, unrounded (Python `+=` from the integer 0).
 */
export function swappedItemsPrice(
  db: RetailDb,
  order: Order,
  itemIds: readonly string[],
  newItemIds: readonly string[],
  texts: SwapTexts,
): { difference: number; lastVariant: Variant | undefined } {
  requireItemsHeld(order, itemIds, texts.missing);
  if (itemIds.length !== newItemIds.length)
    throw refused(
      "validation",
      "ITEM_COUNT_MISMATCH",
      texts.countMismatch,
      `${itemIds.length} item(s) to replace but ${newItemIds.length} new item(s): give one new item per item, position by position.`,
    );
  let difference = 0;
  let lastVariant: Variant | undefined;
  for (const [index, itemId] of itemIds.entries()) {
    const newItemId = newItemIds[index] as string;
    if (texts.refuseSameItem && itemId === newItemId)
      throw refused(
        "validation",
        "SAME_ITEM",
        "The new item id should be different from the old item id",
        `Item ${itemId} would be replaced by itself. Leave it out, or pick another option of the product.`,
      );
    const item = heldItem(order, itemId, ". Use the item ids get_order_details lists.");
    const variant = getVariant(db, item.product_id, newItemId);
    if (!variant.available)
      throw refused(
        "business",
        "ITEM_NOT_AVAILABLE",
        `New item ${newItemId} not found or available`,
        `Item ${newItemId} is out of stock. Offer the user another available option from get_product_details.`,
      );
    difference += variant.price - item.price;
    lastVariant = variant;
  }
  return { difference, lastVariant };
}
