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
    recordRead("get_user_details", z.strictObject({ user_id: userId }), ({ user_id }) =>
      getUser(db, user_id),
    ),
    recordRead("get_order_details", z.strictObject({ order_id: orderId }), ({ order_id }) =>
      getOrder(db, order_id),
    ),
    recordRead(
      "get_product_details",
      z.strictObject({
        product_id: z.string().describe("The product id, such as '6086499569' (not an item id)."),
      }),
      ({ product_id }) => getProduct(db, product_id),
    ),
    recordRead(
      "get_item_details",
      z.strictObject({
        item_id: z.string().describe("The item id, such as '6086499569' (not a product id)."),
      }),
      ({ item_id }) => getItem(db, item_id),
    ),
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

/** A read of one record by its id: τ²'s `get_*_details`, answering a copy of the record. */
function recordRead<Input extends z.ZodObject>(
  name: keyof typeof RETAIL_DESCRIPTIONS,
  input: Input,
  read: (input: z.output<Input>) => object,
) {
  return defineTool({
    name,
    description: RETAIL_DESCRIPTIONS[name],
    input,
    effect: "read",
    handler: tau2Handler((value: z.output<Input>) => success(snapshot(read(value)))),
  });
}
