import { businessError, validationError } from "@keel/errors";
import { type Order, ownEntry, type RetailDb } from "../db/retail-db.js";
import { retailRule, stringField, stringList } from "./retail-rule.js";

const ITEM_SWAPS = new Set(["exchange_delivered_order_items", "modify_pending_order_items"]);
const ITEM_WRITES = new Set([...ITEM_SWAPS, "return_delivered_order_items"]);

/** The order of a call's `order_id`, or undefined (the tool answers "not found"). */
export const orderOfInput = (db: RetailDb, input: Readonly<Record<string, unknown>>): Order | undefined =>
  ownEntry(db.orders, stringField(input, "order_id") ?? "");

/** Item ids of `wanted` the order does not hold (as many times as asked). */
function notInOrder(order: Order, wanted: readonly string[]): string[] {
  const left = order.items.map((item) => item.item_id);
  return wanted.filter((itemId) => {
    const index = left.indexOf(itemId);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

/**
 * Policy: "The user needs to confirm the order id and the list of items to be returned." / "each item can be
 * modified to an available new item" — the items a return, exchange or modification names are items of that
 * order, no more times than it holds them.
 */
export const itemsOfTheOrder = retailRule("items-of-the-order", ITEM_WRITES, ({ input, db }) => {
  const order = orderOfInput(db, input);
  if (order === undefined) return undefined;
  const itemIds = stringList(input, "item_ids");
  const missing = itemIds.length === 0 ? ["(none given)"] : notInOrder(order, itemIds);
  if (missing.length === 0) return undefined;
  return validationError(
    "ITEMS_NOT_IN_ORDER",
    `Only items of ${order.order_id} can be changed; these are not in it, or named more times than it holds them: ${missing.join(", ")}. Read the order with get_order_details and use its item ids.`,
    { details: { field: "item_ids", missing } },
  );
});

/**
 * Policy: "each item can be modified to an available new item of the same product but of different product
 * option. There cannot be any change of product types, e.g. modify shirt to shoe." (modify and exchange).
 */
export const sameProductAvailableVariant = retailRule(
  "same-product-available-variant",
  ITEM_SWAPS,
  ({ input, db }) => {
    const order = orderOfInput(db, input);
    if (order === undefined) return undefined;
    const oldIds = stringList(input, "item_ids");
    const newIds = stringList(input, "new_item_ids");
    const problems: string[] = [];
    const unavailable: string[] = [];
    if (oldIds.length !== newIds.length) problems.push("item_ids and new_item_ids differ in length");
    oldIds.forEach((oldId, index) => {
      const newId = newIds[index];
      const productId = order.items.find((item) => item.item_id === oldId)?.product_id;
      if (newId === undefined || productId === undefined) return;
      const variant = ownEntry(ownEntry(db.products, productId)?.variants ?? {}, newId);
      if (variant === undefined)
        problems.push(`${newId} is not a variant of ${oldId}'s product ${productId}`);
      else if (!variant.available) unavailable.push(newId);
      else if (newId === oldId) problems.push(`${newId} is the same item (a different option is required)`);
    });
    if (problems.length === 0 && unavailable.length === 0) return undefined;
    // An item of the right product that is out of stock is the state of the catalogue, not a wrong argument.
    if (problems.length === 0)
      return businessError(
        "ITEM_NOT_AVAILABLE",
        `${unavailable.join(", ")} ${unavailable.length === 1 ? "is" : "are"} not available now; the policy allows only an available item of the same product. Check get_product_details for the product's available variants and offer those.`,
        { details: { field: "new_item_ids", unavailable } },
      );
    problems.push(...unavailable.map((newId) => `${newId} is not available`));
    return validationError(
      "NOT_SAME_PRODUCT_VARIANT",
      `Each item may only become an available item of the same product with different options: ${problems.join("; ")}. Check get_product_details for the product's available variants.`,
      { details: { field: "new_item_ids", problems } },
    );
  },
);
