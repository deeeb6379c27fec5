import type { Message } from "@keel/wire";
import businessAlreadyRefunded from "./business-already-refunded.json" with { type: "json" };
import highValueRefund from "./high-value-refund.json" with { type: "json" };
import lowValueRefund from "./low-value-refund.json" with { type: "json" };
import multiIntent from "./multi-intent.json" with { type: "json" };
import orderNotFound from "./order-not-found.json" with { type: "json" };
import ordersDbUnreachable from "./orders-db-unreachable.json" with { type: "json" };
import permissionRefundForbidden from "./permission-refund-forbidden.json" with { type: "json" };
import suspendedAccount from "./suspended-account.json" with { type: "json" };
import transientRetry from "./transient-retry.json" with { type: "json" };
import type { RunSummary, SupportScenario } from "./types.js";
import validationBadOrderId from "./validation-bad-order-id.json" with { type: "json" };

// JSON imports type `stop_reason` as string; scenario-files.test.ts checks every file against the wire shape.
const messages = (json: unknown): readonly Message[] => json as readonly Message[];

/** A completed run where every call is allowed, succeeds first time and nothing is refunded, unless overridden. */
const expectation = (overrides: Partial<RunSummary> & Pick<RunSummary, "executedTools">): RunSummary => {
  const count = overrides.decisions?.length ?? overrides.executedTools.length;
  return {
    status: "completed",
    decisions: Array<"allow">(count).fill("allow"),
    codes: Array<null>(count).fill(null),
    attempts: Array<number>(count).fill(1),
    escalated: false,
    refundedOrders: [],
    ...overrides,
  };
};

/**
 * The support scenarios of references 000 and 002, each a scripted conversation with its expected
 * outcome. Run one with `runScenario`; the responses are real Messages API objects.
 */
export const SCENARIOS: readonly SupportScenario[] = [
  {
    name: "low-value-refund",
    description: "A $50 refund for a verified customer is processed (reference 000, scenario 1).",
    request:
      "Hi, this is alice@example.com. My order ORD-1001, the $50 mug set, arrived broken. Can I get a refund?",
    responses: messages(lowValueRefund),
    faults: [],
    metadata: {},
    expect: expectation({
      executedTools: ["get_customer_by_email", "lookup_order", "process_refund"],
      refundedOrders: ["ORD-1001"],
    }),
  },
  {
    name: "high-value-refund",
    description:
      "A $750 refund: the refund-limit hook redirects process_refund to escalate_to_human with the refund's " +
      "details; process_refund never runs (reference 000, scenario 2).",
    request:
      "Hello, alice@example.com here. I'd like a refund for my espresso machine, order ORD-1002: it stopped working after a week.",
    responses: messages(highValueRefund),
    faults: [],
    metadata: {},
    expect: expectation({
      executedTools: ["get_customer_by_email", "lookup_order", "escalate_to_human"],
      decisions: ["allow", "allow", "redirect"],
      escalated: true,
    }),
  },
  {
    name: "multi-intent",
    description:
      "Account check + refund + 'speak to a manager': the agent verifies the customer, then escalates at " +
      "once, bundling the pending refund into the ticket (reference 000, scenario 3).",
    request:
      "I'm alice@example.com. Is my account in good standing? Also please refund order ORD-1001 ($50, it arrived broken), and I want to speak to a manager about how this was handled.",
    responses: messages(multiIntent),
    faults: [],
    metadata: {},
    expect: expectation({ executedTools: ["get_customer_by_email", "escalate_to_human"], escalated: true }),
  },
  {
    name: "transient-retry",
    description: "Transient: the order store times out once; the loop retries the same call and it succeeds.",
    request: "Where is my order ORD-1005?",
    responses: messages(transientRetry),
    faults: [{ operation: "getOrder", kind: "timeout", times: 1 }],
    metadata: {},
    expect: expectation({ executedTools: ["lookup_order"], attempts: [2] }),
  },
  {
    name: "validation-bad-order-id",
    description:
      "Validation: a malformed order id gets INVALID_ORDER_ID; the model fixes the id and calls again.",
    request: "Can you check order ORD-10O5 for me?",
    responses: messages(validationBadOrderId),
    faults: [],
    metadata: {},
    expect: expectation({
      executedTools: ["lookup_order", "lookup_order"],
      codes: ["INVALID_ORDER_ID", null],
    }),
  },
  {
    name: "business-already-refunded",
    description:
      "Business: a refund of an order already refunded in full gets ALREADY_REFUNDED and is not retried.",
    request: "alice@example.com here. Please refund order ORD-1003, the wool blanket, $120.",
    responses: messages(businessAlreadyRefunded),
    faults: [],
    metadata: {},
    expect: expectation({
      executedTools: ["get_customer_by_email", "process_refund"],
      codes: [null, "ALREADY_REFUNDED"],
    }),
  },
  {
    name: "permission-refund-forbidden",
    description:
      "Permission: the caller's role (metadata.role 'trainee') may not refund; REFUND_FORBIDDEN, and the " +
      "model escalates with the refund attached.",
    request: "This is alice@example.com; please refund $50 for order ORD-1001, it arrived broken.",
    responses: messages(permissionRefundForbidden),
    faults: [],
    metadata: { role: "trainee" },
    expect: expectation({
      executedTools: ["get_customer_by_email", "process_refund", "escalate_to_human"],
      codes: [null, "REFUND_FORBIDDEN", null],
      escalated: true,
    }),
  },
  {
    name: "suspended-account",
    description: "Business: a refund for a suspended account is blocked by the hook with ACCOUNT_SUSPENDED.",
    request: "Hi, bob@example.com. My desk lamp from order ORD-1004 doesn't work; I want my $80 back.",
    responses: messages(suspendedAccount),
    faults: [],
    metadata: {},
    expect: expectation({
      executedTools: ["get_customer_by_email"],
      decisions: ["allow", "block"],
      codes: [null, "ACCOUNT_SUSPENDED"],
      attempts: [1, 0],
    }),
  },
  {
    name: "order-not-found",
    description:
      "Valid empty: the order store answers and there is no such order (ORDER_NOT_FOUND, not an error).",
    request: "What's the status of order ORD-4040?",
    responses: messages(orderNotFound),
    faults: [],
    metadata: {},
    expect: expectation({ executedTools: ["lookup_order"], codes: ["ORDER_NOT_FOUND"] }),
  },
  {
    name: "orders-db-unreachable",
    description:
      "Access failure: the order store stays unreachable through every retry (ORDERS_DB_UNREACHABLE); the " +
      "agent says it cannot check, never that the order does not exist.",
    request: "What's the status of order ORD-1005?",
    responses: messages(ordersDbUnreachable),
    faults: [{ operation: "getOrder", kind: "unreachable", times: 3 }],
    metadata: {},
    expect: expectation({ executedTools: ["lookup_order"], codes: ["ORDERS_DB_UNREACHABLE"], attempts: [3] }),
  },
];

/** The scenario with this name, or undefined. */
export function findScenario(name: string): SupportScenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name);
}
