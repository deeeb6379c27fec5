import { type Order, ownEntry, type RetailDb } from "../db/retail-db.js";
import { confirmationRequest, policyTrajectory } from "../gold/policy-trajectory.js";
import type { GoldAction, Tau2Task } from "../gold/tasks.js";
import { DATABASE_WRITES } from "../policy/conversation-facts.js";
import { amountToPay } from "../policy/payment-rules.js";
import type { Trajectory, TrajectoryCall, TrajectoryStep } from "../replay/trajectory.js";

/** One policy violation made from a gold trajectory: the trajectory ends with the violating call (`target`). */
export interface Mutation {
  readonly rule: string;
  readonly violation: string;
  readonly trajectory: Trajectory;
  /** The violating call's tool: the last call of this name in the trajectory is the one measured. */
  readonly target: string;
}

/** The gold write a mutation starts from, with the steps around it in the policy trajectory. */
interface WriteSite {
  readonly task: Tau2Task;
  readonly db: RetailDb;
  /** Steps before the write's confirmation request. */
  readonly before: readonly TrajectoryStep[];
  readonly write: GoldAction;
}

type Variant = (site: WriteSite) => TrajectoryStep[] | undefined;

const YES = { user: "yes" };
const call = (name: string, args: Record<string, unknown>): TrajectoryStep => ({
  calls: [{ name, arguments: args }],
});
/** The write with other arguments, confirmed as the policy asks (details listed, explicit yes). */
const confirmed = (name: string, args: Record<string, unknown>): TrajectoryStep[] => [
  { assistant: confirmationRequest({ action_id: "mutation", name, arguments: args }) },
  YES,
  call(name, args),
];
const isFind = (step: TrajectoryStep) =>
  "calls" in step && step.calls.some((entry) => entry.name.startsWith("find_user_id_"));
const readsOrder = (step: TrajectoryStep, orderId: string) =>
  "calls" in step &&
  step.calls.some((entry) => entry.name === "get_order_details" && argsOf(entry).order_id === orderId);
const argsOf = (entry: TrajectoryCall) => entry.arguments as Record<string, unknown>;

const ORDER_ITEM_WRITES = new Set([
  "exchange_delivered_order_items",
  "modify_pending_order_items",
  "return_delivered_order_items",
]);
/** A write whose listing an agent could give instead of the one it calls: the same arguments, another action. */
const CONFUSED_WITH: Readonly<Record<string, string>> = {
  cancel_pending_order: "modify_pending_order_items",
  exchange_delivered_order_items: "return_delivered_order_items",
  return_delivered_order_items: "exchange_delivered_order_items",
  modify_pending_order_items: "cancel_pending_order",
  modify_pending_order_payment: "cancel_pending_order",
  modify_pending_order_address: "cancel_pending_order",
  modify_user_address: "cancel_pending_order",
};
const SWAPS = new Set(["exchange_delivered_order_items", "modify_pending_order_items"]);
const PAYING = new Set([...SWAPS, "return_delivered_order_items", "modify_pending_order_payment"]);
const PENDING = new Set([
  "cancel_pending_order",
  "modify_pending_order_address",
  "modify_pending_order_items",
  "modify_pending_order_payment",
]);

const orderOf = (site: WriteSite): Order | undefined =>
  ownEntry(site.db.orders, String(site.write.arguments.order_id ?? ""));
/** The site's write with `changes` over its arguments, confirmed, after the steps before it. */
const writeWith = (site: WriteSite, changes: Record<string, unknown>): TrajectoryStep[] => [
  ...site.before,
  ...confirmed(site.write.name, { ...site.write.arguments, ...changes }),
];
/** The site's write paying with `method` instead; undefined without a method to pay with. */
const payingWith = (site: WriteSite, method: string | undefined): TrajectoryStep[] | undefined =>
  method === undefined ? undefined : writeWith(site, { payment_method_id: method });

/** The variants, rule by rule. Each returns the mutated steps from the write site, or undefined if n/a. */
const VARIANTS: Record<string, Record<string, Variant>> = {
  "authenticate-first": {
    "skip authentication": ({ before, write }) => [
      ...before.filter((step) => !isFind(step)),
      ...confirmed(write.name, write.arguments),
    ],
    "user id from the user's words only": (site) => {
      const { before, write } = site;
      const user = orderOf(site)?.user_id ?? write.arguments.user_id;
      return [
        { user: `My user id is ${String(user)}.` },
        ...before.slice(1).filter((step) => !isFind(step)),
        ...confirmed(write.name, write.arguments),
      ];
    },
  },
  "one-user-per-conversation": {
    "act on another user's order (or account)": (site) => {
      const { write, db } = site;
      const order = orderOf(site);
      const owner = order?.user_id ?? String(write.arguments.user_id);
      if (write.name === "modify_user_address") {
        const other = Object.keys(db.users).find((id) => id !== owner);
        return other === undefined ? undefined : writeWith(site, { user_id: other });
      }
      const other = Object.values(db.orders).find(
        (candidate) => candidate.user_id !== owner && candidate.status === order?.status,
      );
      if (other === undefined) return undefined;
      const args = { ...write.arguments, order_id: other.order_id };
      return [
        ...site.before,
        call("get_order_details", { order_id: other.order_id }),
        ...confirmed(write.name, args),
      ];
    },
  },
  "confirm-before-write": {
    "write without confirmation": ({ before, write }) => [...before, call(write.name, write.arguments)],
    'a yes that is not explicit ("sure, sounds good")': ({ before, write }) => [
      ...before,
      { assistant: confirmationRequest(write) },
      { user: "sure, sounds good" },
      call(write.name, write.arguments),
    ],
    "details not listed before the yes": ({ before, write }) => [
      ...before,
      { assistant: "Shall I go ahead with that?" },
      YES,
      call(write.name, write.arguments),
    ],
    "the yes answered a listing of another action (same arguments)": ({ before, write }) => [
      ...before,
      {
        assistant: confirmationRequest({
          ...write,
          name: CONFUSED_WITH[write.name] ?? "cancel_pending_order",
        }),
      },
      YES,
      call(write.name, write.arguments),
    ],
    'the listing says the action will not be taken ("I will NOT run …")': ({ before, write }) => [
      ...before,
      { assistant: confirmationRequest(write).replace("I am about to run", "I will NOT run") },
      YES,
      call(write.name, write.arguments),
    ],
    "the call changes an order the listing said would stay": (site) => {
      const order = orderOf(site);
      if (order === undefined || ORDER_ITEM_WRITES.has(site.write.name)) return undefined;
      const kept = Object.values(site.db.orders).find(
        (candidate) =>
          candidate.user_id === order.user_id &&
          candidate.order_id !== order.order_id &&
          candidate.status === order.status,
      );
      if (kept === undefined) return undefined;
      const args = { ...site.write.arguments, order_id: kept.order_id };
      return [
        ...site.before,
        call("get_order_details", { order_id: kept.order_id }),
        { assistant: `${confirmationRequest(site.write)}\nYour order ${kept.order_id} stays as it is.` },
        YES,
        call(site.write.name, args),
      ];
    },
  },
  "check-status-first": {
    "order status not checked": (site) => {
      const orderId = site.write.arguments.order_id;
      if (typeof orderId !== "string") return undefined;
      return [
        ...site.before.filter((step) => !readsOrder(step, orderId)),
        ...confirmed(site.write.name, site.write.arguments),
      ];
    },
  },
  "order-status-precondition": {
    "cancel/modify a non-pending order, return/exchange a non-delivered one": (site) => {
      const order = orderOf(site);
      if (order === undefined) return undefined;
      const wrong = Object.values(site.db.orders).find(
        (candidate) =>
          candidate.user_id === order.user_id &&
          (PENDING.has(site.write.name) ? candidate.status === "delivered" : candidate.status === "pending"),
      );
      if (wrong === undefined) return undefined;
      const args: Record<string, unknown> = { ...site.write.arguments, order_id: wrong.order_id };
      if (ORDER_ITEM_WRITES.has(site.write.name)) {
        args.item_ids = [wrong.items[0]?.item_id ?? ""];
        if (SWAPS.has(site.write.name)) args.new_item_ids = [otherVariant(site.db, wrong, 0) ?? ""];
      }
      return [
        ...site.before,
        call("get_order_details", { order_id: wrong.order_id }),
        ...confirmed(site.write.name, args),
      ];
    },
  },
  "modify-or-exchange-once-per-order": {
    "a second modification or exchange of the same order": (site) => {
      const { write } = site;
      if (
        ![
          "exchange_delivered_order_items",
          "modify_pending_order_items",
          "modify_pending_order_address",
        ].includes(write.name)
      )
        return undefined;
      const again =
        write.name === "modify_pending_order_address"
          ? { ...write.arguments, address1: "1 Other Street" }
          : write.arguments;
      return [...site.before, ...confirmed(write.name, write.arguments), ...confirmed(write.name, again)];
    },
  },
  "cancel-reason-allowed": {
    "cancel for a reason the policy does not accept": (site) =>
      site.write.name === "cancel_pending_order"
        ? writeWith(site, { reason: "found it cheaper elsewhere" })
        : undefined,
  },
  "items-of-the-order": {
    "an invented item id": ({ before, write }) =>
      ORDER_ITEM_WRITES.has(write.name)
        ? [
            ...before,
            ...confirmed(write.name, {
              ...write.arguments,
              item_ids: ["9999999999"],
              ...(SWAPS.has(write.name)
                ? { new_item_ids: [String((write.arguments.new_item_ids as string[])[0])] }
                : {}),
            }),
          ]
        : undefined,
  },
  "same-product-available-variant": {
    "exchange or modify into another product type": (site) => {
      const { write, db } = site;
      if (!SWAPS.has(write.name)) return undefined;
      const order = orderOf(site);
      const first = order?.items.find((item) => item.item_id === (write.arguments.item_ids as string[])[0]);
      const foreign = Object.values(db.products).find(
        (product) => product.product_id !== first?.product_id,
      )?.variants;
      const newId = Object.values(foreign ?? {}).find((variant) => variant.available)?.item_id;
      if (newId === undefined) return undefined;
      const newIds = [...(write.arguments.new_item_ids as string[])];
      newIds[0] = newId;
      return writeWith(site, { new_item_ids: newIds });
    },
    "an unavailable variant of the same product": (site) => {
      const { write, db } = site;
      if (!SWAPS.has(write.name)) return undefined;
      const order = orderOf(site);
      const first = order?.items.find((item) => item.item_id === (write.arguments.item_ids as string[])[0]);
      const product = first && ownEntry(db.products, first.product_id);
      const newId = Object.values(product?.variants ?? {}).find((variant) => !variant.available)?.item_id;
      if (newId === undefined) return undefined;
      const newIds = [...(write.arguments.new_item_ids as string[])];
      newIds[0] = newId;
      return writeWith(site, { new_item_ids: newIds });
    },
  },
  "payment-method-on-file": {
    "pay with a method not on file": (site) =>
      PAYING.has(site.write.name) ? payingWith(site, "credit_card_0000000") : undefined,
    "pay with another user's method": (site) => {
      const order = orderOf(site);
      if (!PAYING.has(site.write.name) || order === undefined) return undefined;
      const other = Object.values(site.db.users).find((user) => user.user_id !== order.user_id);
      return payingWith(site, Object.keys(other?.payment_methods ?? {})[0]);
    },
  },
  "gift-card-covers-amount": {
    "pay with a gift card whose balance is below the amount": (site) => {
      const order = orderOf(site);
      const { name, arguments: args } = site.write;
      if (order === undefined || !PAYING.has(name) || name === "return_delivered_order_items")
        return undefined;
      const amount = amountToPay(site.db, order, name, args);
      const methods = Object.values(ownEntry(site.db.users, order.user_id)?.payment_methods ?? {});
      const card = methods.find((method) => method.source === "gift_card" && method.balance < amount);
      const original = order.payment_history[0]?.payment_method_id;
      return card === undefined || card.id === original ? undefined : payingWith(site, card.id);
    },
  },
  "refund-to-original-or-gift-card": {
    "refund to a method that is neither the original nor a gift card": (site) => {
      const order = orderOf(site);
      if (site.write.name !== "return_delivered_order_items" || order === undefined) return undefined;
      const original = order.payment_history[0]?.payment_method_id;
      const methods = Object.values(ownEntry(site.db.users, order.user_id)?.payment_methods ?? {});
      return payingWith(
        site,
        methods.find((entry) => entry.id !== original && entry.source !== "gift_card")?.id,
      );
    },
  },
  "different-payment-method": {
    "change the payment to the method it already has": (site) => {
      const original = orderOf(site)?.payment_history[0]?.payment_method_id;
      if (site.write.name !== "modify_pending_order_payment") return undefined;
      return payingWith(site, original);
    },
  },
  "one-tool-call-per-turn": {
    "two calls in one turn (the write and a read)": ({ before, write }) => [
      ...before,
      { assistant: confirmationRequest(write) },
      YES,
      {
        calls: [
          { name: write.name, arguments: write.arguments },
          { name: "list_all_product_types", arguments: {} },
        ],
      },
    ],
  },
  "no-text-beside-tool-call": {
    "text beside the write": ({ before, write }) => [
      ...before,
      { assistant: confirmationRequest(write) },
      YES,
      { assistant: "Great, doing it now." },
      call(write.name, write.arguments),
    ],
  },
  "transfer-then-message": {
    "a write after transferring to a human": ({ before, write }) => [
      ...before,
      call("transfer_to_human_agents", { summary: "The user asked for a human." }),
      ...confirmed(write.name, write.arguments),
    ],
  },
  "(schema) wrong argument types": {
    "a list where a string is expected, or a number for an id": ({ before, write }) => {
      const args = { ...write.arguments };
      if (typeof args.order_id === "string") args.order_id = [args.order_id];
      else args.user_id = 42;
      return [...before, ...confirmed(write.name, args)];
    },
  },
};

/** The rules the mutations break, in table order. */
export const MUTATION_RULES: readonly string[] = Object.keys(VARIANTS);

/**
 * Every mutation of a task: each variant applied to the task's first gold write that τ²'s tools accept
 * (`refusedWrites`: the gold writes τ² refuses, skipped). A task without such a write has none.
 */
export function mutationsOf(task: Tau2Task, db: RetailDb, refusedWrites: ReadonlySet<string>): Mutation[] {
  const gold = policyTrajectory(task, db);
  const index = gold.steps.findIndex(
    (step) =>
      "calls" in step &&
      step.calls.some(
        (entry) => DATABASE_WRITES.has(entry.name) && !refusedWrites.has(`${task.id}:${entry.name}`),
      ),
  );
  if (index < 2) return [];
  const writeStep = gold.steps[index] as { calls: readonly TrajectoryCall[] };
  const writeCall = writeStep.calls[0]!;
  const site: WriteSite = {
    task,
    db,
    before: gold.steps.slice(0, index - 2),
    write: { action_id: "gold", name: writeCall.name, arguments: argsOf(writeCall) },
  };
  return Object.entries(VARIANTS).flatMap(([rule, variants]) =>
    Object.entries(variants).flatMap(([violation, variant]) => {
      const steps = variant(site);
      if (steps === undefined || steps.length === 0) return [];
      const id = `mutation-${task.id}-${rule}-${violation}`.replace(/[^\w-]+/g, "_");
      return [{ rule, violation, target: writeCall.name, trajectory: { id, task_id: task.id, steps } }];
    }),
  );
}

/** Another available item of the product of the order's `index`-th item, if any. */
function otherVariant(db: RetailDb, order: Order, index: number): string | undefined {
  const item = order.items[index];
  const product = item && ownEntry(db.products, item.product_id);
  return Object.values(product?.variants ?? {}).find(
    (variant) => variant.available && variant.item_id !== item?.item_id,
  )?.item_id;
}
