import type { ToolDescription } from "@keel/tools";

// Shared wording, so that each pair of boundaries says the same thing from both sides.
const ASKS_FOR_A_PERSON =
  "the customer asks for a human, a person, a manager, a supervisor, an agent or someone from the team, " +
  "or asks you to escalate";
const ASKS_FOR_A_REFUND =
  "the customer asks you to refund an order, or asks for a refund or their money back";
const ASKS_ABOUT_A_REFUND =
  "the customer asks whether, when or how much an order was refunded, paid back or charged, " +
  "or what can still be refunded";

// The boundaries several tools draw towards the same neighbour, worded once.
const TO_PROCESS_REFUND = { when: ASKS_FOR_A_REFUND, useInstead: "process_refund" } as const;
const TO_ESCALATE = { when: ASKS_FOR_A_PERSON, useInstead: "escalate_to_human" } as const;
const TO_CAP_BASIS = {
  when: "you need the fees a customer paid or was charged over months or a cap basis",
  useInstead: "resolve_cap_basis",
} as const;
const TO_ORDER_LOOKUP = {
  when: "the customer asks about an order like ORD-1001, its status, items or amount",
  useInstead: "lookup_order",
} as const;

/**
 * The six descriptions side by side, because their "do NOT use when" boundaries name each other in pairs
 * (email ↔ id lookups, order ↔ customer lookups, refund ↔ escalation, cap basis ↔ order, escalation ↔ the
 * reads) and only read right together. How they are phrased carries the routing:
 * - identifier shapes are declared in the read tools' "Use when" ("a customer id like C-1001", "an order
 *   id like ORD-1001 or #12345"); the write tools declare them only in "Takes", which is what they need,
 *   not a reason to pick them;
 * - the write tools are picked by a request to act ("asks you to refund …", "asks for a person"), the order
 *   lookup by a question ("asks whether, when or how much … was refunded"), so a question about a refund
 *   is a read and only a request to perform one reaches process_refund;
 * - an explicit request for a person goes to escalate_to_human even when it names an account or an order;
 * - the $500 limit is stated, but routing does not enforce it: the refund-limit hook redirects such a call.
 */
export const SUPPORT_DESCRIPTIONS = {
  get_customer_by_email: {
    does: "Finds one customer account by email address and verifies who the customer is",
    useWhen: [
      "the customer gives an email address and you do not have their customer id yet",
      "you must find or verify a customer and only know their email address",
    ],
    doNotUseWhen: [
      { when: "you already have a customer id like C-1001", useInstead: "get_customer_by_id" },
      TO_ORDER_LOOKUP,
    ],
    takes: "email: an email address",
    returns:
      "customer_id (the verified id later tools need), name, email, status (active or suspended) and tier; " +
      "the empty answer CUSTOMER_NOT_FOUND when no account has that email; a transient error when the " +
      "customer store cannot be reached, which never means the customer does not exist",
  },
  get_customer_by_id: {
    does: "Fetches one customer account by customer id and verifies who the customer is",
    useWhen: [
      "the customer gives a customer id like C-1001, or an earlier step returned one",
      "you need the account, its status, tier or name, for a customer id like C-1001",
    ],
    doNotUseWhen: [
      { when: "you only have an email address", useInstead: "get_customer_by_email" },
      TO_ORDER_LOOKUP,
      TO_PROCESS_REFUND,
      TO_CAP_BASIS,
      TO_ESCALATE,
    ],
    takes: "customer_id: a customer id like C-1001",
    returns:
      "customer_id, name, email, status (active or suspended) and tier; the empty answer CUSTOMER_NOT_FOUND " +
      "when no account has that id; a transient error when the customer store cannot be reached",
  },
  lookup_order: {
    does: "Reads one order: its status, items, amount, what was already refunded and what can still be",
    useWhen: [
      "the customer gives an order id like ORD-1001 or #12345, or an order number",
      "the customer asks about an order or a package: where it is, its status, shipping, delivery, items or price",
      ASKS_ABOUT_A_REFUND,
      "you need an order's amount before deciding on money back",
    ],
    doNotUseWhen: [
      { when: "you need to find the customer by email address", useInstead: "get_customer_by_email" },
      {
        when: "the customer asks about their account, its status or tier, for a customer id like C-1001",
        useInstead: "get_customer_by_id",
      },
      TO_CAP_BASIS,
      TO_PROCESS_REFUND,
      TO_ESCALATE,
    ],
    takes: "order_id: an order id like ORD-1001 or #12345",
    returns:
      "order_id, customer_id, status, amount, refunded_amount, refundable_amount, items, placed_at; the empty " +
      "answer ORDER_NOT_FOUND when no order has that id (tell the customer); INVALID_ORDER_ID when the id is " +
      "malformed; a transient error when the order store cannot be reached (never say the order does not exist)",
  },
  process_refund: {
    does:
      "Pays money back to a verified customer for one of their orders. Refunds above $500.00 are never paid " +
      "here: a rule hands the call to a person with the refund attached",
    useWhen: [ASKS_FOR_A_REFUND, "you are asked to issue or pay a refund and the customer id is verified"],
    doNotUseWhen: [
      TO_ESCALATE,
      { when: ASKS_ABOUT_A_REFUND, useInstead: "lookup_order" },
      { when: "the customer id was not verified by a lookup yet", useInstead: "get_customer_by_id" },
      TO_CAP_BASIS,
    ],
    takes:
      "customer_id: a customer id like C-1001 verified earlier in this conversation; order_id: an order id " +
      "like ORD-1001 or #12345; amount: US dollars as a number with at most two decimals; reason: why",
    returns:
      "refund_id, amount, the order's refunded total and duplicate (true when this exact refund was already " +
      "paid: it is never paid twice); or an error: ALREADY_REFUNDED, REFUND_EXCEEDS_ORDER, ACCOUNT_SUSPENDED, " +
      "CUSTOMER_MISMATCH (business, do not retry), REFUND_FORBIDDEN (permission, escalate)",
  },
  escalate_to_human: {
    does:
      "Opens a ticket so that a person on the support team takes over, with any pending request attached. " +
      "An explicit request for a person comes here first, even when it also names an account or an order",
    useWhen: [
      `${ASKS_FOR_A_PERSON}: do this at once`,
      "the customer asks to speak or talk to someone, or to be called back",
      "a tool result refused or redirected the request by a rule or a permission",
      "an account is suspended by mistake, or the customer wants a person to review or decide something",
      "the customer asks for an exception to a rule",
    ],
    doNotUseWhen: [
      TO_PROCESS_REFUND,
      { when: "the customer only asks about an order's status or items", useInstead: "lookup_order" },
      {
        when: "the customer only asks about their account: whether it is active or suspended, its tier or contact details",
        useInstead: "get_customer_by_id",
      },
    ],
    takes:
      "category (refund_over_limit, customer_request, account_issue or policy_exception); summary: what the " +
      "customer needs; customer_id: the verified customer id, when known; pending_refund: the refund " +
      "(order_id, amount, reason) the person should decide on, when there is one",
    returns: "ticket_id and status open; the person follows up with the customer",
  },
  resolve_cap_basis: {
    does: "Totals the fees a customer paid over a trailing window, the basis of a formula cap",
    useWhen: [
      "you need the total fees a customer paid or was charged over a number of months or a year",
      "a cap is defined as fees paid over a period and you need its basis",
    ],
    doNotUseWhen: [
      {
        when: "the customer asks about one order like ORD-1001: its amount, charges, status or refund",
        useInstead: "lookup_order",
      },
      { when: "you need a customer's account status or contact details", useInstead: "get_customer_by_id" },
      TO_PROCESS_REFUND,
    ],
    takes:
      "customer_id: a customer id like C-1001; as_of: YYYY-MM-DD, default today; window_months: default 12",
    returns:
      "resolved_basis (US dollars) with the window and fee count; the empty answer NO_FEES_ON_RECORD with " +
      "resolved_basis 0 when the customer genuinely paid no fees; FEE_SERVICE_UNREACHABLE (transient) with no " +
      "basis at all when the fee service cannot be reached: never read that as zero",
  },
} as const satisfies Record<string, ToolDescription>;

/**
 * The naive getters' descriptions (reference 002's distractor, see createNaiveTools): they say what each
 * returns and nothing about when (not) to use it.
 */
export const NAIVE_DESCRIPTIONS = {
  get_customer: "Retrieves customer information.",
  lookup_order: "Retrieves order information.",
} as const satisfies Record<string, string>;
