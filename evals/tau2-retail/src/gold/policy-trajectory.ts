import { ownEntry, type RetailDb } from "../db/retail-db.js";
import { DATABASE_WRITES } from "../policy/conversation-facts.js";
import type { Trajectory, TrajectoryCall, TrajectoryStep } from "../replay/trajectory.js";
import type { GoldAction, Tau2Task } from "./tasks.js";

export { DATABASE_WRITES };

/** The user's answer to a confirmation request in a gold trajectory. */
export const EXPLICIT_YES = "yes";

/**
 * A task's gold actions as a policy-following agent would run them: before each write, the user is
 * authenticated (find_user_id_by_email, unless an earlier gold call already found this user), their details,
 * the order and the products concerned are read (unless read already), the assistant lists the action and
 * the user answers "yes". Everything inserted is a read, so the final database is the gold one. `db` is the
 * pristine database, used only to know whose order it is and which products its items belong to.
 */
export function policyTrajectory(task: Tau2Task, db: RetailDb): Trajectory {
  const steps: TrajectoryStep[] = [{ user: task.user_scenario.instructions.reason_for_call }];
  const done = new Set<string>(); // "tool:key" of reads already made
  let authenticated: string | undefined;

  const read = (name: string, key: string, call: TrajectoryCall) => {
    if (done.has(`${name}:${key}`)) return;
    done.add(`${name}:${key}`);
    steps.push({ calls: [call] });
  };

  for (const action of task.evaluation_criteria.actions ?? []) {
    const args = action.arguments;
    if (DATABASE_WRITES.has(action.name)) {
      const owner = ownerOf(action, db);
      if (owner !== undefined) {
        if (authenticated !== owner) {
          const user = ownEntry(db.users, owner);
          if (user)
            steps.push({ calls: [{ name: "find_user_id_by_email", arguments: { email: user.email } }] });
          authenticated = owner;
        }
        read("get_user_details", owner, { name: "get_user_details", arguments: { user_id: owner } });
      }
      const orderId = typeof args.order_id === "string" ? args.order_id : undefined;
      if (orderId !== undefined) {
        read("get_order_details", orderId, { name: "get_order_details", arguments: { order_id: orderId } });
        for (const productId of productsOf(action, orderId, db))
          read("get_product_details", productId, {
            name: "get_product_details",
            arguments: { product_id: productId },
          });
      }
      steps.push(
        { assistant: confirmationRequest(action) },
        { user: EXPLICIT_YES },
        { calls: [{ name: action.name, arguments: args }] },
      );
      continue;
    }
    const found = authenticatedBy(action, db);
    if (found !== undefined) authenticated = found;
    if (action.name === "get_user_details") done.add(`get_user_details:${String(args.user_id)}`);
    if (action.name === "get_order_details") done.add(`get_order_details:${String(args.order_id)}`);
    if (action.name === "get_product_details") done.add(`get_product_details:${String(args.product_id)}`);
    steps.push({ calls: [{ name: action.name, arguments: args }] });
  }
  steps.push({ assistant: "Is there anything else I can help you with?" });
  return { id: `gold-${task.id}`, task_id: task.id, steps };
}

/** The assistant's turn before a write: the action and every argument, then the yes/no question. */
export function confirmationRequest(action: GoldAction): string {
  const details = Object.entries(action.arguments)
    .map(([key, value]) => `- ${key}: ${JSON.stringify(value)}`)
    .join("\n");
  return `I am about to run ${action.name} with:\n${details}\nDo you confirm (yes/no)?`;
}

function ownerOf(action: GoldAction, db: RetailDb): string | undefined {
  const { order_id: orderId, user_id: userId } = action.arguments;
  if (typeof orderId === "string") return ownEntry(db.orders, orderId)?.user_id;
  return typeof userId === "string" ? userId : undefined;
}

/** The products of the order's items a modification or exchange touches (their new items are variants). */
function productsOf(action: GoldAction, orderId: string, db: RetailDb): string[] {
  const itemIds = action.arguments.item_ids;
  if (!Array.isArray(itemIds) || action.name === "return_delivered_order_items") return [];
  const order = ownEntry(db.orders, orderId);
  const products = itemIds.map((itemId) => order?.items.find((item) => item.item_id === itemId)?.product_id);
  return [...new Set(products.filter((id): id is string => id !== undefined))];
}

/** The user a gold find_user_id_* call finds in the pristine database, as τ²'s tool would. */
function authenticatedBy(action: GoldAction, db: RetailDb): string | undefined {
  const args = action.arguments as Record<string, string>;
  const users = Object.entries(db.users);
  if (action.name === "find_user_id_by_email")
    return users.find(([, user]) => user.email.toLowerCase() === args.email?.toLowerCase())?.[0];
  if (action.name === "find_user_id_by_name_zip")
    return users.find(
      ([, user]) =>
        user.name.first_name.toLowerCase() === args.first_name?.toLowerCase() &&
        user.name.last_name.toLowerCase() === args.last_name?.toLowerCase() &&
        user.address.zip === args.zip,
    )?.[0];
  return undefined;
}
