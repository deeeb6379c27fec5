import type { ToolDescription } from "@keel/tools";

/**
 * The six descriptions side by side, because their "do NOT use when" boundaries name each other in pairs
 * (email ↔ id lookups, order ↔ customer lookups, refund ↔ escalation, cap basis ↔ order) and only read
 * right together. Identifier shapes are declared generically ("an email address", "a customer id like
 * C-1001", "an order id like ORD-1001 or #12345") so requests carrying identifiers route.
 */
export const SUPPORT_DESCRIPTIONS = {
  get_customer_by_email: {
    does: "Finds one customer account by email address and verifies who the customer is",
    useWhen: [
      "the customer gives an email address and you do not have their customer id yet",
      "you must verify the customer before a refund and only know their email",
    ],
    doNotUseWhen: [
      { when: "you already have a customer id like C-1001", useInstead: "get_customer_by_id" },
      { when: "the question is about an order's status, items or amount", useInstead: "lookup_order" },
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
      "you already have a customer id like C-1001 from the customer or an earlier step",
      "you need the account status of a known customer id",
    ],
    doNotUseWhen: [
      { when: "you only have an email address", useInstead: "get_customer_by_email" },
      { when: "the question is about an order's status, items or amount", useInstead: "lookup_order" },
      { when: "the customer is verified and asks for a refund", useInstead: "process_refund" },
      {
        when: "you need the fees a customer paid over months or a cap basis",
        useInstead: "resolve_cap_basis",
      },
    ],
    takes: "customer_id: a customer id like C-1001",
    returns:
      "customer_id, name, email, status (active or suspended) and tier; the empty answer CUSTOMER_NOT_FOUND " +
      "when no account has that id; a transient error when the customer store cannot be reached",
  },
  lookup_order: {
    does: "Reads one order: its status, items, amount, what was already paid back and what can still be",
    useWhen: [
      "the customer asks about an order, its status, shipping, items or amount",
      "you need an order's amount before deciding on money back",
    ],
    doNotUseWhen: [
      { when: "you need to find the customer by email address", useInstead: "get_customer_by_email" },
      { when: "you need the customer account for a customer id", useInstead: "get_customer_by_id" },
      { when: "you need fees charged over months or a cap basis", useInstead: "resolve_cap_basis" },
      { when: "the customer asks you to refund the order", useInstead: "process_refund" },
    ],
    takes: "order_id: an order id like ORD-1001 or #12345",
    returns:
      "order_id, customer_id, status, amount, refunded_amount, refundable_amount, items, placed_at; the empty " +
      "answer ORDER_NOT_FOUND when no order has that id (tell the customer); INVALID_ORDER_ID when the id is " +
      "malformed; a transient error when the order store cannot be reached (never say the order does not exist)",
  },
  process_refund: {
    does: "Pays money back to a verified customer for one of their orders",
    useWhen: [
      "the customer asks for a refund of an order and you have verified their customer id",
      "the refund is $500.00 or less",
    ],
    doNotUseWhen: [
      {
        when: "the refund is above $500.00, the customer asks for a manager or a human, or a rule blocked it",
        useInstead: "escalate_to_human",
      },
      { when: "you only need to read an order's status or amount", useInstead: "lookup_order" },
      { when: "the customer id was not verified by a lookup yet", useInstead: "get_customer_by_id" },
      {
        when: "you need the fees a customer paid over months or a cap basis",
        useInstead: "resolve_cap_basis",
      },
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
    does: "Opens a ticket so that a person on the support team takes over, with any pending request attached",
    useWhen: [
      "the customer asks to speak to a human, a person or a manager: do this at once",
      "a refund is above $500.00, the account is suspended, or a refund was refused by a rule or a permission",
      "the customer is angry or the request falls outside policy",
    ],
    doNotUseWhen: [
      {
        when: "a refund of $500.00 or less for a verified customer can simply be paid",
        useInstead: "process_refund",
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
      "you need the fees a customer paid in the last 12 months",
      "a cap is defined as fees paid over a period and you need its basis",
    ],
    doNotUseWhen: [
      { when: "the question is about one order's amount or status", useInstead: "lookup_order" },
      { when: "you need a customer's account status or contact details", useInstead: "get_customer_by_id" },
      { when: "the customer wants money back for an order", useInstead: "process_refund" },
    ],
    takes:
      "customer_id: a customer id like C-1001; as_of: YYYY-MM-DD, default today; window_months: default 12",
    returns:
      "resolved_basis (US dollars) with the window and fee count; the empty answer NO_FEES_ON_RECORD with " +
      "resolved_basis 0 when the customer genuinely paid no fees; FEE_SERVICE_UNREACHABLE (transient) with no " +
      "basis at all when the fee service cannot be reached: never read that as zero",
  },
} as const satisfies Record<string, ToolDescription>;
