import type { ToolDescription } from "@keel/tools";

// Boundaries several tools draw towards the same sibling, worded once so both sides say the same thing.
const TO_EMAIL = {
  when: "the user gives their email address and you have no user id yet",
  useInstead: "find_user_id_by_email",
} as const;
const TO_NAME_ZIP = {
  when: "the user cannot remember their email, or it was not found, and gives first name, last name and zip code",
  useInstead: "find_user_id_by_name_zip",
} as const;
const TO_USER = {
  when: "you need the user's profile, default address, payment methods or list of orders",
  useInstead: "get_user_details",
} as const;
const TO_ORDER = {
  when: "you need an order's status, items, prices, address or payments before acting on it",
  useInstead: "get_order_details",
} as const;
const TO_PRODUCT = {
  when: "you need the items (variants), options, prices or stock of a product",
  useInstead: "get_product_details",
} as const;
const TO_ITEM = {
  when: "you only have an item id and need that one item's options, price or stock",
  useInstead: "get_item_details",
} as const;
const TO_CATALOG = {
  when: "you need the product id of a product type by its name",
  useInstead: "list_all_product_types",
} as const;
const TO_CANCEL = {
  when: "the user asks to cancel a pending order",
  useInstead: "cancel_pending_order",
} as const;
const TO_MODIFY_ITEMS = {
  when: "the user wants another color, size or other option of the same product",
  useInstead: "modify_pending_order_items",
} as const;
const TO_MODIFY_ADDRESS = {
  when: "the address in question is a pending order's shipping address",
  useInstead: "modify_pending_order_address",
} as const;
const TO_MODIFY_PAYMENT = {
  when: "the user wants to pay a pending order with another payment method",
  useInstead: "modify_pending_order_payment",
} as const;
const TO_EXCHANGE = {
  when: "the user asks to exchange items of a delivered order",
  useInstead: "exchange_delivered_order_items",
} as const;
const TO_RETURN = {
  when: "the user asks to return items of a delivered order for a refund",
  useInstead: "return_delivered_order_items",
} as const;
const TO_USER_ADDRESS = {
  when: "the address in question is the user's own default address, in their profile",
  useInstead: "modify_user_address",
} as const;
// The same words ask for a pending order's write and a delivered order's: only the status tells them apart.
const PENDING = "the order is still pending, before it ships";
const DELIVERED = "the order was delivered: the user received it";
const TO_TRANSFER = {
  when: "the user asks for a human agent, or the request cannot be handled under the policy with these tools",
  useInstead: "transfer_to_human_agents",
} as const;
const TO_CALCULATE = {
  when: "you need arithmetic on prices or balances you already have",
  useInstead: "calculate",
} as const;

const ORDER_ID = "order_id: an order id like #W0000000 (with the #)";
const PAYMENT_ID =
  "payment_method_id: one of the user's payment methods, like gift_card_0000000 or credit_card_0000000";
const CONFIRM = "the user confirmed this exact action with an explicit yes after you listed its details";

/**
 * The sixteen τ² retail tools' descriptions side by side, because their boundaries name each other: the
 * look-ups (email ↔ name and zip, user ↔ order ↔ product ↔ item) and the writes (pending-order changes ↔
 * delivered-order changes ↔ the user's own address), each write pointing back to the reads it needs first.
 */
export const RETAIL_DESCRIPTIONS = {
  find_user_id_by_email: {
    does: "Authenticates the user: finds their user id from their email address",
    useWhen: [
      "a conversation starts and the user must be authenticated before anything else",
      "the user gives their email address like someone@example.com",
    ],
    doNotUseWhen: [TO_NAME_ZIP, TO_USER],
    takes: "email: the user's email address",
    returns: "the user id, such as sara_doe_496; the empty answer USER_NOT_FOUND when no user has that email",
  },
  find_user_id_by_name_zip: {
    does: "Authenticates the user: finds their user id from first name, last name and zip code",
    useWhen: [
      "the user cannot remember their email address, or find_user_id_by_email found no user",
      "the user gives their first name, last name and zip code",
    ],
    doNotUseWhen: [TO_EMAIL, TO_USER],
    takes: "first_name, last_name (any case) and zip: the five-digit zip code of their default address",
    returns: "the user id; the empty answer USER_NOT_FOUND when no user matches all three",
  },
  get_user_details: {
    does: "Reads one user's profile: name, default address, email, payment methods (gift card balances) and order ids",
    useWhen: [
      "you have the authenticated user id and need their orders, payment methods or default address",
      "the user asks which orders they have, or about a gift card balance",
    ],
    doNotUseWhen: [TO_EMAIL, TO_NAME_ZIP, TO_ORDER, TO_USER_ADDRESS],
    takes: "user_id: a user id like sara_doe_496 from find_user_id_by_email or find_user_id_by_name_zip",
    returns: "the user record; the empty answer USER_NOT_FOUND when there is no such user",
  },
  get_order_details: {
    does: "Reads one order: status, items with item and product ids, prices, shipping address and payment history",
    useWhen: [
      "the user gives an order id like #W0000000, or asks about an order's status, items or payments",
      "before cancelling, modifying, exchanging or returning an order, to check its status and items",
    ],
    doNotUseWhen: [TO_USER, TO_PRODUCT, TO_CANCEL, TO_MODIFY_ITEMS, TO_EXCHANGE, TO_RETURN],
    takes: ORDER_ID,
    returns: "the order record; the empty answer ORDER_NOT_FOUND when there is no such order",
  },
  get_product_details: {
    does: "Reads one product type and all its items (variants): options, availability and price of each",
    useWhen: [
      "the user wants another option (color, size, switches ...) of a product, for an exchange or a modification",
      "you need which items of a product are available and their prices",
    ],
    doNotUseWhen: [TO_ITEM, TO_CATALOG, TO_ORDER],
    takes: "product_id: a product id like 6086499569 (an order's items carry it; it is not an item id)",
    returns:
      "name, product_id and variants by item id; the empty answer PRODUCT_NOT_FOUND when there is none",
  },
  get_item_details: {
    does: "Reads one item (a product variant) by item id: options, availability and price",
    useWhen: ["you have only an item id like 1008292230 and need that item's options, price or stock"],
    doNotUseWhen: [TO_PRODUCT, TO_ORDER, TO_CATALOG, TO_USER, TO_MODIFY_ITEMS, TO_EXCHANGE],
    takes: "item_id: an item id like 1008292230 (not a product id)",
    returns: "item_id, options, available and price; the empty answer ITEM_NOT_FOUND when no product has it",
  },
  list_all_product_types: {
    does: "Lists the name and product id of every product type the store sells (50 in all)",
    useWhen: [
      "the user names a kind of product and you need its product id",
      "the user asks what the store sells",
    ],
    doNotUseWhen: [TO_PRODUCT, TO_ORDER, TO_USER],
    takes: "nothing",
    returns: "an object from product name to product id, sorted by name",
  },
  calculate: {
    does: "Evaluates an arithmetic expression and rounds the result to two decimals, as τ² does",
    useWhen: ["you need to add, subtract, multiply or divide prices, refunds or balances you already have"],
    doNotUseWhen: [TO_ORDER, TO_PRODUCT],
    takes: "expression: digits, + - * / ( ) . and spaces only, such as (199.99 - 150) * 2",
    returns: "the result as text, such as 99.98; INVALID_CHARACTERS for any other character",
  },
  cancel_pending_order: {
    does: "Cancels a pending order and refunds its payments; a gift card is refunded at once, others in 5-7 business days",
    useWhen: [`the user asks to cancel a pending order, and ${CONFIRM}`],
    doNotUseWhen: [
      TO_ORDER,
      TO_MODIFY_ITEMS,
      TO_MODIFY_ADDRESS,
      TO_MODIFY_PAYMENT,
      TO_EXCHANGE,
      TO_RETURN,
      TO_TRANSFER,
    ],
    takes: `${ORDER_ID}; reason: exactly "no longer needed" or "ordered by mistake"`,
    returns:
      "the cancelled order; ORDER_NOT_PENDING (business) when it is not pending; ORDER_NOT_FOUND when there is no such order",
  },
  modify_pending_order_address: {
    does: "Changes the shipping address of a pending order",
    useWhen: [
      `the user asks to modify or change the shipping address of a pending order, or to ship it elsewhere, and ${CONFIRM}`,
    ],
    doNotUseWhen: [TO_USER_ADDRESS, TO_ORDER, TO_MODIFY_PAYMENT, TO_MODIFY_ITEMS, TO_EXCHANGE],
    takes: `${ORDER_ID}; address1, address2 (may be ""), city, state, country, zip`,
    returns: "the order after the change; ORDER_NOT_PENDING (business) when it is not pending",
  },
  modify_pending_order_payment: {
    does: "Changes the payment method of a pending order: pays with the new method and refunds the old one",
    useWhen: [`the user asks to pay a pending order with another of their payment methods, and ${CONFIRM}`],
    doNotUseWhen: [TO_MODIFY_ITEMS, TO_MODIFY_ADDRESS, TO_EXCHANGE, TO_RETURN, TO_USER, TO_ORDER],
    takes: `${ORDER_ID}; ${PAYMENT_ID}, different from the current one`,
    returns:
      "the order after the change; INSUFFICIENT_GIFT_CARD_BALANCE or NOT_SINGLE_PAYMENT (business) when it cannot",
  },
  modify_pending_order_items: {
    does: "Swaps items of a pending order for other items (options) of the same products; only once per order",
    useWhen: [
      `the user asks to modify, change or exchange the color, size or other options of items of a pending order, and ${CONFIRM}`,
      "the user asks to add a different option of the same product in place of an item of a pending order",
    ],
    doNotUseWhen: [
      { when: DELIVERED, useInstead: "exchange_delivered_order_items" },
      TO_RETURN,
      TO_CANCEL,
      TO_MODIFY_PAYMENT,
      TO_PRODUCT,
      TO_ORDER,
      TO_CALCULATE,
    ],
    takes: `${ORDER_ID}; item_ids: the items to change; new_item_ids: the new items, position by position, of the same product; ${PAYMENT_ID} for the price difference`,
    returns:
      "the order, now pending (item modified); ORDER_NOT_PENDING, ITEM_NOT_AVAILABLE or INSUFFICIENT_GIFT_CARD_BALANCE (business) when it cannot",
  },
  exchange_delivered_order_items: {
    does: "Requests an exchange of items of a delivered order for other items of the same products; only once per order",
    useWhen: [
      `the user asks to exchange, change or modify the color, size or other options of items of a delivered order (items they received), and ${CONFIRM}`,
    ],
    doNotUseWhen: [
      { when: PENDING, useInstead: "modify_pending_order_items" },
      TO_RETURN,
      TO_PRODUCT,
      TO_ORDER,
      TO_CALCULATE,
    ],
    takes: `${ORDER_ID}; item_ids: the items to exchange; new_item_ids: the new items, position by position, of the same product; ${PAYMENT_ID} to pay or receive the price difference`,
    returns:
      "the order, now exchange requested; ORDER_NOT_DELIVERED, ITEM_NOT_AVAILABLE or INSUFFICIENT_GIFT_CARD_BALANCE (business) when it cannot",
  },
  return_delivered_order_items: {
    does: "Requests a return of items of a delivered order; the refund goes to the original payment method or a gift card",
    useWhen: [
      `the user asks to return items of a delivered order (items they received) for a refund, and ${CONFIRM}`,
    ],
    doNotUseWhen: [TO_EXCHANGE, TO_CANCEL, TO_ORDER],
    takes: `${ORDER_ID}; item_ids: the items to return; ${PAYMENT_ID}: the original one or a gift card`,
    returns:
      "the order, now return requested; ORDER_NOT_DELIVERED or REFUND_METHOD_NOT_ALLOWED (business) when it cannot",
  },
  modify_user_address: {
    does: "Changes the user's default address (not the address of an order)",
    useWhen: [`the user asks to change their default or profile address, and ${CONFIRM}`],
    doNotUseWhen: [TO_MODIFY_ADDRESS, TO_USER],
    takes: 'user_id: the authenticated user id; address1, address2 (may be ""), city, state, country, zip',
    returns: "the user after the change; USER_NOT_FOUND when there is no such user",
  },
  transfer_to_human_agents: {
    does: "Transfers the user to a human agent with a summary of their issue; this ends your part of the conversation",
    useWhen: [
      "the user explicitly asks for a human agent",
      "the request cannot be handled under the policy with these tools",
    ],
    doNotUseWhen: [TO_CANCEL, TO_RETURN, TO_EXCHANGE, TO_MODIFY_ITEMS],
    takes: "summary: the user's issue in a few sentences",
    returns: "a transfer ticket id; then tell the user they are being transferred",
  },
} as const satisfies Record<string, ToolDescription>;
