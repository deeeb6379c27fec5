import { createToolset, lintTools, route } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { SUPPORT_CODES } from "../codes.js";
import { createSupportTools } from "./create-support-tools.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { createNaiveTools } from "./naive-tools.js";
import { toolContext, validateAndRun } from "./tool-context.test-helpers.js";

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe("the support tool surface", () => {
  const tools = createSupportTools(createMemoryBackend());

  it("has the six tools with their exact names, two of them writes", () => {
    expect(names(tools)).toEqual([
      "get_customer_by_email",
      "get_customer_by_id",
      "lookup_order",
      "process_refund",
      "escalate_to_human",
      "resolve_cap_basis",
    ]);
    expect(tools.filter((tool) => tool.effect === "write").map((tool) => tool.name)).toEqual([
      "process_refund",
      "escalate_to_human",
    ]);
  });

  it("passes the linter without an error-level finding", () => {
    expect(lintTools(tools).filter((finding) => finding.severity === "error")).toEqual([]);
  });

  it.each([
    ["get_customer_by_email", "get_customer_by_id"],
    ["lookup_order", "get_customer_by_email"],
    ["lookup_order", "get_customer_by_id"],
    ["process_refund", "escalate_to_human"],
    ["process_refund", "lookup_order"],
    ["process_refund", "get_customer_by_id"],
    ["resolve_cap_basis", "lookup_order"],
    ["resolve_cap_basis", "get_customer_by_id"],
    ["resolve_cap_basis", "process_refund"],
    ["escalate_to_human", "lookup_order"],
    ["escalate_to_human", "get_customer_by_id"],
  ] as const)("has boundaries between %s and %s that name each other", (left, right) => {
    const sends = (from: keyof typeof SUPPORT_DESCRIPTIONS) =>
      SUPPORT_DESCRIPTIONS[from].doNotUseWhen.map((boundary) => boundary.useInstead);
    expect(sends(left)).toContain(right);
    expect(sends(right)).toContain(left);
  });

  it.each([
    ["check order #12345 status", "lookup_order"],
    ["Where is my order ORD-1005?", "lookup_order"],
    ["I'm alice@example.com, can you look up my account?", "get_customer_by_email"],
    ["What is the account status of customer C-1002?", "get_customer_by_id"],
    ["Please refund $50 for order ORD-1001, it arrived broken", "process_refund"],
    ["I want to speak to a manager", "escalate_to_human"],
    ["What fees did customer C-1001 pay in the last 12 months?", "resolve_cap_basis"],
    // A question about a refund is a read: lookup_order, never process_refund.
    ["How much of order ORD-1003 can still be refunded?", "lookup_order"],
    ["Has order #12345 been refunded yet?", "lookup_order"],
    ["Is the refund for ORD-1004 going to be paid or not?", "lookup_order"],
    ["Could you check whether the refund on ORD-1002 went through?", "lookup_order"],
    // Only a request to perform a refund reaches process_refund.
    ["Refund $40 on order ORD-1001 for verified customer C-1001, the mug arrived chipped.", "process_refund"],
    ["I want my money back for ORD-1004, I'm customer C-1002.", "process_refund"],
    // Above the $500 limit: still the refund tool. The refund-limit hook, not routing, hands it to a person.
    ["Refund ORD-1002 in full, $750, for verified customer C-1001.", "process_refund"],
    // An explicit request for a person goes to escalate_to_human, ids or not.
    ["Can I talk to a human about my account?", "escalate_to_human"],
    [
      "Please escalate: customer C-1002 says their account was suspended by mistake and wants a person to review it.",
      "escalate_to_human",
    ],
  ])("routes %j to %s", (request, expected) => {
    expect(route(request, tools).tool).toBe(expected);
  });

  // A write wins alone only by a clear lead over every other write: the refund's use-when claims the order
  // and its id as much as the escalation claims the supervisor, so the router asks (it never refunds).
  it("leaves a person asked for about an order AMBIGUOUS between the escalation and the refund", () => {
    const result = route("I need a supervisor to look at order ORD-1002", tools);
    expect(result).toMatchObject({ tool: null, ambiguous: ["escalate_to_human", "process_refund"] });
  });

  it("leaves the same order request AMBIGUOUS on the naive 'Retrieves X information' surface", () => {
    const naive = createNaiveTools(createMemoryBackend());
    expect(names(naive)).toEqual(["get_customer", "lookup_order"]);
    const result = route("check order #12345 status", naive);
    expect(result.tool).toBeNull();
    expect(result.ambiguous).toEqual(["get_customer", "lookup_order"]);
    expect(lintTools(naive).map((finding) => finding.id)).toContain("generic-description");
  });

  it("keeps an outage a transient error on the naive surface too (only its descriptions are naive)", async () => {
    const backend = createMemoryBackend();
    backend.faults.next("getOrder", "unreachable");
    const toolset = createToolset(createNaiveTools(backend));
    const context = toolContext({ toolUseId: "t", runId: "r" });
    const outage = await validateAndRun(
      toolset,
      { id: "a", name: "lookup_order", input: { order_id: "ORD-1001" } },
      context,
    );
    expect(outage).toMatchObject({ kind: "error", category: "transient", code: "ORDERS_DB_UNREACHABLE" });
    const absent = await validateAndRun(
      toolset,
      { id: "b", name: "lookup_order", input: { order_id: "ORD-4040" } },
      context,
    );
    expect(absent).toMatchObject({ kind: "empty", code: "ORDER_NOT_FOUND" });
  });

  it("declares every code with the category its outcomes carry", async () => {
    const backend = createMemoryBackend();
    backend.faults.next("getOrder", "timeout");
    const toolset = createToolset(createSupportTools(backend));
    const context = toolContext({ toolUseId: "t", runId: "r" });
    const outcomes = [];
    for (const order_id of ["ORD-1001", "ORD-10O1", "ORD-4040"]) {
      outcomes.push(
        await validateAndRun(toolset, { id: order_id, name: "lookup_order", input: { order_id } }, context),
      );
    }
    for (const outcome of outcomes) {
      if (outcome.kind === "success") continue;
      const declared = SUPPORT_CODES[outcome.code as keyof typeof SUPPORT_CODES];
      expect(declared.kind).toBe(outcome.kind);
      if (outcome.kind === "error" && declared.kind === "error")
        expect(outcome.category).toBe(declared.category);
    }
    expect(outcomes.map((outcome) => (outcome.kind === "success" ? null : outcome.code))).toEqual([
      "ORDERS_UPSTREAM_TIMEOUT",
      "INVALID_ORDER_ID",
      "ORDER_NOT_FOUND",
    ]);
  });
});
