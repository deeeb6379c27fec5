import { permissionError } from "@keel/errors";
import { ownEntry } from "../db/retail-db.js";
import { conversationFacts, DATABASE_WRITES } from "./conversation-facts.js";
import { type RuleCall, retailRule, stringField } from "./retail-rule.js";

/** Every tool but the two lookups that authenticate, the calculator and the transfer needs a known user. */
const NEEDS_A_USER = new Set([
  "get_user_details",
  "get_order_details",
  "get_product_details",
  "get_item_details",
  "list_all_product_types",
  ...DATABASE_WRITES,
]);

/** The user a call acts for: its `user_id`, or the owner of its `order_id` (undefined for an unknown order). */
export function userOfCall({ input, db }: Pick<RuleCall, "input" | "db">): string | undefined {
  const userId = stringField(input, "user_id");
  if (userId !== undefined) return userId;
  const orderId = stringField(input, "order_id");
  return orderId === undefined ? undefined : ownEntry(db.orders, orderId)?.user_id;
}

/**
 * Policy: "At the beginning of the conversation, you have to authenticate the user identity by locating their
 * user id via email, or via name + zip code. This has to be done even when the user already provides the user
 * id." A user id counts only when a find_user_id_by_email / find_user_id_by_name_zip call of this
 * conversation returned it — never the user's text alone.
 */
export const authenticateFirst = retailRule("authenticate-first", NEEDS_A_USER, ({ context }) =>
  conversationFacts(context).authenticated.length > 0
    ? undefined
    : permissionError(
        "AUTHENTICATION_REQUIRED",
        "The policy requires authenticating the user first: locate their user id with find_user_id_by_email, or find_user_id_by_name_zip (first name, last name, zip), even when they give their user id. Ask the user for their email, or their name and zip code.",
      ),
);

/**
 * Policy: "You can only help one user per conversation (but you can handle multiple requests from the same
 * user), and must deny any requests for tasks related to any other user." The first user authenticated in
 * the conversation is its user; a call for any other user's id or order is denied.
 */
export const oneUserPerConversation = retailRule("one-user-per-conversation", NEEDS_A_USER, (rule) => {
  const [user] = conversationFacts(rule.context).authenticated;
  const target = userOfCall(rule);
  if (user === undefined || target === undefined || target === user) return undefined;
  return permissionError(
    "OTHER_USER",
    `The policy allows helping one user per conversation: this conversation's user is ${user}, and this call is for ${target}. Deny the request; do not act on or reveal another user's account or orders.`,
    { details: { user, requested_for: target } },
  );
});
