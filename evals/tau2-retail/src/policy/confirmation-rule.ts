import { permissionError } from "@keel/errors";
import { conversationFacts, DATABASE_WRITES } from "./conversation-facts.js";
import { retailRule, stringField } from "./retail-rule.js";

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .match(/[a-z0-9']+|\?/g) ?? [];

/** Words that open an explicit yes. */
const YES = new Set(["yes", "y", "yep", "yeah", "yup", "confirm", "confirmed"]);

/**
 * Words that may follow the yes without changing what it answers: politeness, "go ahead", "that's correct",
 * and the name of the action itself ("yes, cancel it"). Anything else — "but", "no", "wait", a new address, a
 * question mark — makes the message more than a yes.
 */
const CONFIRMING = new Set(
  `please proceed go ahead do it that that's thats is correct right yes yeah yep confirm confirmed i thanks
  thank you sure ok okay let's lets all good fine looks sounds absolutely definitely the this that with for
  me cancel cancellation return exchange modify modification change update`.split(/\s+/),
);

/**
 * An explicit yes, decided without judgement: the user's whole latest message, read as words (case, spaces
 * and punctuation other than `?` ignored), opens with `yes`, `y`, `yep`, `yeah`, `yup`, `confirm`, `confirmed`
 * or `i confirm`, and every word after that is one of the confirming words (`please`, `proceed`, `go ahead`,
 * `do it`, `that's correct`, `go ahead with the exchange`, `thanks`, the action's own verb, …). "Yes, please proceed.", "Yes - go ahead" and
 * "Yes, cancel it." are explicit; "Yes, but ship it elsewhere", "yes?", "ok", "sure" and "sounds good" are not.
 */
export function isExplicitYes(text: string): boolean {
  const tokens = words(text);
  const start = tokens[0] === "i" && (tokens[1] === "confirm" || tokens[1] === "confirmed") ? 2 : 1;
  if (start === 1 && !YES.has(tokens[0] ?? "")) return false;
  return tokens.slice(start).every((token) => CONFIRMING.has(token));
}

/** The words that name each write's action; the listing must name it (not only its arguments). */
const ACTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  cancel_pending_order: ["cancel"],
  modify_pending_order_address: ["address"],
  modify_pending_order_payment: ["payment", "pay"],
  // Not "exchange": an exchange is a delivered order's action, and a yes to it is no yes to modifying a pending
  // order (which can be done once and then never again).
  modify_pending_order_items: ["modify", "change", "swap", "replace", "switch"],
  exchange_delivered_order_items: ["exchange", "swap", "replace", "switch"],
  return_delivered_order_items: ["return"],
  modify_user_address: ["address"],
};

/** Words that, up to four words before an action word, say the action will not be taken. */
const NEGATIONS = new Set(
  "not never no won't wont cannot can't cant don't dont didn't isn't wouldn't shouldn't without".split(" "),
);

/**
 * Whether the listing names the action as one that will be taken: one of the tool's action words at the
 * start of a word ("cancel" in "cancellation"; the tool's name counts as its first action word: "I am about
 * to run cancel_pending_order"), with no negation in the four words before it ("I will NOT cancel" does not). The
 * call's argument names are not words of the listing: "address1" or "payment_method_id" name a field, not
 * the action.
 */
export function namesAction(listing: string, tool: string, argumentNames: readonly string[] = []): boolean {
  const stems = ACTION_WORDS[tool] ?? [];
  // The tool's name stands for its action as one word, so a negation before the name negates it.
  const withoutNames = argumentNames
    .reduce((text, name) => text.split(name).join(" "), listing)
    .split(tool)
    .join(` ${stems[0] ?? ""} `);
  const tokens = words(withoutNames.replace(/_/g, " "));
  return tokens.some(
    (token, index) =>
      stems.some((stem) => token.startsWith(stem)) &&
      !tokens.slice(Math.max(0, index - 4), index).some((before) => NEGATIONS.has(before)),
  );
}

/** Every argument value of a call, as text: the strings and numbers at any depth. */
function argumentValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(argumentValues);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(argumentValues);
  return [];
}

/**
 * Policy: "Before taking any action that updates the database (cancel, modify, return, exchange), you must
 * list the action details and obtain explicit user confirmation (yes) to proceed." Decided as: the user's
 * latest message is an explicit yes (`isExplicitYes`); the assistant turn just before it names the action
 * (`namesAction`: the write's own verb, not negated), every argument value of this call verbatim, and no
 * order id but this call's (a listing of two orders does not say which one the yes is for); and no write
 * succeeded since that yes (one yes, one change: a blocked or refused attempt does not use it up).
 */
export const confirmBeforeWrite = retailRule(
  "confirm-before-write",
  DATABASE_WRITES,
  ({ call, input, context }) => {
    const facts = conversationFacts(context);
    const listing = facts.textBeforeLatestUser;
    const missing = argumentValues(input).filter((value) => !listing.includes(value));
    const orderId = stringField(input, "order_id");
    const otherOrders =
      orderId === undefined
        ? []
        : [...new Set(listing.match(/#W\d+/g) ?? [])].filter((listed) => listed !== orderId);
    const yes = facts.latestUserText !== undefined && isExplicitYes(facts.latestUserText);
    const named = namesAction(listing, call.name, Object.keys(input));
    const used = facts.writesSinceUser;
    if (yes && named && missing.length === 0 && otherOrders.length === 0 && used === 0) return undefined;
    const problems = [
      ...(yes ? [] : ["the user's latest message is not an explicit yes"]),
      ...(named ? [] : [`your listing does not name the action (${call.name}) as one you will take`]),
      ...(missing.length === 0 ? [] : [`your listing does not show ${missing.join(", ")}`]),
      ...(otherOrders.length === 0
        ? []
        : [`your listing also names ${otherOrders.join(", ")}: list only the order this call changes`]),
      ...(used === 0 ? [] : ["that yes was already used by a change made since"]),
    ];
    return permissionError(
      "CONFIRMATION_REQUIRED",
      `The policy requires listing the action's details (the action and every argument: order id, items, payment method, address, reason) and getting the user's explicit yes before any database update, one yes per change. Here: ${problems.join("; ")}. List them, ask the user to confirm (yes/no), and call again after their yes.`,
      {
        details: {
          latest_user_message_is_yes: yes,
          action_named: named,
          values_not_listed: missing,
          other_orders_listed: otherOrders,
          writes_since_yes: used,
        },
      },
    );
  },
);
