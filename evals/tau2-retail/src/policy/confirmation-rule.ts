import { permissionError } from "@keel/errors";
import { conversationFacts, DATABASE_WRITES } from "./conversation-facts.js";
import { retailRule } from "./retail-rule.js";

/**
 * An explicit yes, decided without judgement: the user's whole message, lower-cased, spaces collapsed and
 * trailing `.`/`!` removed, is `yes`, `y`, `yep`, `yeah`, `confirm`, `confirmed` or `i confirm`, optionally
 * followed by `please`, `proceed`, `go ahead`, `do it`, `i confirm` or `confirmed` (a comma between allowed).
 * "Yes, but ship it elsewhere", "ok", "sure" and "sounds good" are not explicit.
 */
export function isExplicitYes(text: string): boolean {
  const normalized = text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!]+$/, "");
  return /^(yes|y|yep|yeah|confirm|confirmed|i confirm)(,? (please|proceed|go ahead|do it|i confirm|confirmed))?$/.test(
    normalized,
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
 * latest message is an explicit yes (`isExplicitYes`), the assistant turn just before it names every argument
 * value of this call verbatim, and no other write was asked for since that yes (one yes, one write).
 */
export const confirmBeforeWrite = retailRule(
  "confirm-before-write",
  DATABASE_WRITES,
  ({ input, context }) => {
    const facts = conversationFacts(context);
    const writesSinceYes = facts.callsSinceUser.filter((name) => DATABASE_WRITES.has(name)).length;
    const missing = argumentValues(input).filter((value) => !facts.textBeforeLatestUser.includes(value));
    const confirmed =
      facts.latestUserText !== undefined && isExplicitYes(facts.latestUserText) && writesSinceYes <= 1;
    if (confirmed && missing.length === 0) return undefined;
    return permissionError(
      "CONFIRMATION_REQUIRED",
      "The policy requires listing the action's details (every argument: order id, items, payment method, address, reason) and getting the user's explicit yes before any database update, one yes per action. List them, ask the user to confirm (yes/no), and call again after their yes.",
      {
        details: {
          latest_user_message_is_yes:
            facts.latestUserText !== undefined && isExplicitYes(facts.latestUserText),
          values_not_listed: missing,
          writes_since_yes: writesSinceYes,
        },
      },
    );
  },
);
