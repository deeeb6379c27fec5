import { success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import { compareCodePoints } from "../db/digest.js";
import type { RetailDb } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { getItem, getOrder, getProduct, getUser } from "./records.js";
import { notFound, snapshot, tau2Handler } from "./refusal.js";
import { orderId, userId } from "./schemas.js";

const userNotFound = () =>
  notFound(
    "USER_NOT_FOUND",
    "User not found",
    "No user matches. Ask the user to check what they gave, or authenticate them the other way (email, or name and zip code).",
  );

/** The seven read tools of τ²'s retail domain (calculate is in its own file). */
export function lookupTools(db: RetailDb) {
  return [
    defineTool({
      name: "find_user_id_by_email",
      description: RETAIL_DESCRIPTIONS.find_user_id_by_email,
      input: z.strictObject({
        email: z.string().describe("The user's email, such as 'something@example.com'."),
      }),
      effect: "read",
      handler: tau2Handler(({ email }) => {
        // τ² compares lower-cased emails and returns the first user in the database's order.
        for (const [id, user] of Object.entries(db.users)) {
          if (user.email.toLowerCase() === email.toLowerCase()) return success(id);
        }
        throw userNotFound();
      }),
    }),
    defineTool({
      name: "find_user_id_by_name_zip",
      description: RETAIL_DESCRIPTIONS.find_user_id_by_name_zip,
      input: z.strictObject({
        first_name: z.string().describe("The user's first name, such as 'John'."),
        last_name: z.string().describe("The user's last name, such as 'Doe'."),
        zip: z.string().describe("The user's zip code, such as '12345'."),
      }),
      effect: "read",
      handler: tau2Handler(({ first_name, last_name, zip }) => {
        for (const [id, user] of Object.entries(db.users)) {
          if (
            user.name.first_name.toLowerCase() === first_name.toLowerCase() &&
            user.name.last_name.toLowerCase() === last_name.toLowerCase() &&
            user.address.zip === zip
          )
            return success(id);
        }
        throw userNotFound();
      }),
    }),
    defineTool({
      name: "get_user_details",
      description: RETAIL_DESCRIPTIONS.get_user_details,
      input: z.strictObject({ user_id: userId }),
      effect: "read",
      handler: tau2Handler(({ user_id }) => success(snapshot(getUser(db, user_id)))),
    }),
    defineTool({
      name: "get_order_details",
      description: RETAIL_DESCRIPTIONS.get_order_details,
      input: z.strictObject({ order_id: orderId }),
      effect: "read",
      handler: tau2Handler(({ order_id }) => success(snapshot(getOrder(db, order_id)))),
    }),
    defineTool({
      name: "get_product_details",
      description: RETAIL_DESCRIPTIONS.get_product_details,
      input: z.strictObject({
        product_id: z.string().describe("The product id, such as '6086499569' (not an item id)."),
      }),
      effect: "read",
      handler: tau2Handler(({ product_id }) => success(snapshot(getProduct(db, product_id)))),
    }),
    defineTool({
      name: "get_item_details",
      description: RETAIL_DESCRIPTIONS.get_item_details,
      input: z.strictObject({
        item_id: z.string().describe("The item id, such as '6086499569' (not a product id)."),
      }),
      effect: "read",
      handler: tau2Handler(({ item_id }) => success(snapshot(getItem(db, item_id)))),
    }),
    defineTool({
      name: "list_all_product_types",
      description: RETAIL_DESCRIPTIONS.list_all_product_types,
      input: z.strictObject({}),
      effect: "read",
      handler: () => {
        // τ² builds {name: product_id} (a later duplicate name wins) and dumps it with sorted keys.
        const byName = new Map<string, string>();
        for (const product of Object.values(db.products)) byName.set(product.name, product.product_id);
        const names = [...byName.keys()].sort(compareCodePoints);
        return success(Object.fromEntries(names.map((name) => [name, byName.get(name) as string])));
      },
    }),
  ];
}
