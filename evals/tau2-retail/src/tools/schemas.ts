import { z } from "zod/v4";
import type { Address } from "../db/retail-db.js";

// Input fields typed as τ²'s signatures type them (str, List[str]); every rule about their values is checked
// in the handler, in τ²'s order and with τ²'s texts. Unknown fields are refused, as Python refuses an
// unexpected keyword argument.

export const orderId = z.string().describe("The order id, such as '#W0000000' (with the '#').");
export const userId = z.string().describe("The user id, such as 'sara_doe_496'.");
export const itemIds = z
  .array(z.string())
  .describe("Item ids, each such as '1008292230'; an id may repeat when the order holds it more than once.");
export const paymentMethodId = z
  .string()
  .describe("A payment method id of the user, such as 'gift_card_0000000' or 'credit_card_0000000'.");

export const addressFields = {
  address1: z.string().describe("The first line of the address, such as '123 Main St'."),
  address2: z.string().describe("The second line of the address, such as 'Apt 1' or ''."),
  city: z.string().describe("The city, such as 'San Francisco'."),
  state: z.string().describe("The state, such as 'CA'."),
  country: z.string().describe("The country, such as 'USA'."),
  zip: z.string().describe("The zip code, such as '12345'."),
};

/** The six address fields of a write's input, as the database keeps an address. */
export function addressOf({ address1, address2, city, state, country, zip }: Address): Address {
  return { address1, address2, city, state, country, zip };
}

/** The input of τ²'s two item swaps: exchange_delivered_order_items and modify_pending_order_items. */
export const itemSwapInput = z.strictObject({
  order_id: orderId,
  item_ids: itemIds,
  new_item_ids: itemIds,
  payment_method_id: paymentMethodId,
});
