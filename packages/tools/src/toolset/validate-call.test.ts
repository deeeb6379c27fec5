import { type ErrorOutcome, success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { calculatorTool } from "../calculator/calculator-tool.js";
import { defineTool } from "../definition/define-tool.js";
import type { ToolCall } from "../types.js";
import { createToolset } from "./create-toolset.js";
import { getCustomer, issueRefund, lookupOrder } from "./toolset.test-helpers.js";

const toolset = createToolset([lookupOrder, getCustomer, issueRefund]);

function failure(call: ToolCall): ErrorOutcome {
  const result = toolset.validate(call);
  if (result.ok || result.outcome.kind !== "error") throw new Error("expected a validation failure");
  return result.outcome;
}

function fields(outcome: ErrorOutcome): unknown {
  return outcome.details?.fields;
}

describe("validate: unknown tool names", () => {
  it("returns validation UNKNOWN_TOOL listing the real names", () => {
    const outcome = failure({ id: "t", name: "delete_everything", input: {} });
    expect(outcome).toMatchObject({ category: "validation", code: "UNKNOWN_TOOL", retryable: true });
    expect(outcome.message).toContain("lookup_order, get_customer, issue_refund");
    expect(outcome.details).toEqual({
      requested: "delete_everything",
      available: ["lookup_order", "get_customer", "issue_refund"],
    });
  });

  it.each(["lookup-order", "lookupOrder", "Lookup_Order", "LOOKUP_ORDER", "order_lookup", "lookup_ordr"])(
    "suggests lookup_order for the look-alike %j",
    (name) => {
      const outcome = failure({ id: "t", name, input: {} });
      expect(outcome.details?.suggestion).toBe("lookup_order");
      expect(outcome.message).toContain('Did you mean "lookup_order"?');
    },
  );

  it("suggests nothing when no name is close", () => {
    expect(failure({ id: "t", name: "weather", input: {} }).details).not.toHaveProperty("suggestion");
  });
});

describe("validate: input that fails the schema", () => {
  it("names each failing field with what it must be and what came, in plain words", () => {
    const outcome = failure({ id: "t", name: "issue_refund", input: { orderId: 7, amount: -5 } });
    expect(outcome).toMatchObject({ category: "validation", code: "INVALID_INPUT", retryable: true });
    expect(fields(outcome)).toEqual([
      { path: "orderId", problem: "must be a string, got 7" },
      { path: "amount", problem: "must be greater than 0, got -5" },
    ]);
    expect(outcome.message).toContain("- orderId: must be a string, got 7\n");
    expect(outcome.message).toContain("- amount: must be greater than 0, got -5\n");
    expect(outcome.message).not.toMatch(/expected|received|>|Too small|Invalid input/);
  });

  it("reports a missing field as missing", () => {
    expect(fields(failure({ id: "t", name: "get_customer", input: {} }))).toEqual([
      { path: "email", problem: "must be a string, got nothing (the field is missing)" },
    ]);
  });

  it("uses the schema's own message verbatim as the reason", () => {
    const outcome = failure({ id: "t", name: "lookup_order", input: { orderId: "12345" } });
    expect(fields(outcome)).toEqual([
      { path: "orderId", problem: 'must be an order id like ORD-12345, got "12345"' },
    ]);
  });

  it("keeps a schema's message under any zod locale, and Keel's wording for the rest", () => {
    const original = z.config().localeError;
    z.config(z.locales.de());
    try {
      const outcome = failure({ id: "t", name: "issue_refund", input: { orderId: "ORD-1", amount: 0 } });
      expect(fields(outcome)).toEqual([{ path: "amount", problem: "must be greater than 0, got 0" }]);
      expect(fields(failure({ id: "t", name: "lookup_order", input: { orderId: "x" } }))).toEqual([
        { path: "orderId", problem: 'must be an order id like ORD-12345, got "x"' },
      ]);
    } finally {
      z.config({ localeError: original });
    }
  });

  it("describes zod's default format checks by what they expect", () => {
    const formats = defineTool({
      name: "formats",
      description: "Checks formats.",
      input: z.object({ email: z.email(), code: z.string().regex(/^[A-Z]{3}$/) }),
      effect: "read",
      handler: () => success(null),
    });
    const result = createToolset([formats]).validate({
      id: "t",
      name: "formats",
      input: { email: "x", code: "ab" },
    });
    expect(!result.ok && result.outcome.kind === "error" && fields(result.outcome)).toEqual([
      { path: "email", problem: 'must be an email address such as jane@example.com, got "x"' },
      { path: "code", problem: 'must match the pattern /^[A-Z]{3}$/, got "ab"' },
    ]);
  });

  it("gives the path of a nested field", () => {
    const outcome = failure({
      id: "t",
      name: "lookup_order",
      input: { orderId: "ORD-1", include: { items: "yes" } },
    });
    expect(fields(outcome)).toEqual([
      { path: "include.items", problem: 'must be true or false, got the string "yes"' },
    ]);
  });

  it.each([
    ["a number", 42, "42"],
    ["a string", "ORD-1", 'the string "ORD-1"'],
    ["null", null, "null"],
    ["an array", [{ orderId: "ORD-1" }], "an array of 1 item"],
    ["NaN", Number.NaN, "NaN"],
    ["nothing", undefined, "nothing"],
  ])("refuses input that is %s, not an object", (_label, input, received) => {
    expect(fields(failure({ id: "t", name: "lookup_order", input }))).toEqual([
      { path: "(input)", problem: `must be an object with the tool's fields, got ${received}` },
    ]);
  });

  it("refuses NaN in a number field", () => {
    const outcome = failure({
      id: "t",
      name: "issue_refund",
      input: { orderId: "ORD-1", amount: Number.NaN },
    });
    expect(fields(outcome)).toEqual([{ path: "amount", problem: "must be a finite number, got NaN" }]);
  });

  it("says so when the fields are nested one level too deep", () => {
    const outcome = failure({ id: "t", name: "lookup_order", input: { input: { orderId: "ORD-1" } } });
    expect(fields(outcome)).toEqual([
      { path: "orderId", problem: "must be a string, got nothing (the field is missing)" },
    ]);
    expect(outcome.message).toContain('nested one level too deep under "input"');
  });
});

describe("validate: oversized unknown names", () => {
  it("answers a 100,000-character name briefly, with no suggestion, still listing the real names", () => {
    const result = createToolset([calculatorTool]).validate({
      id: "t",
      name: "x".repeat(100_000),
      input: {},
    });
    if (result.ok || result.outcome.kind !== "error") throw new Error("expected a validation failure");
    expect(JSON.stringify(result.outcome).length).toBeLessThan(2_000);
    expect(result.outcome).toMatchObject({ category: "validation", code: "UNKNOWN_TOOL" });
    expect(result.outcome.message).toContain("Available tools: calculator.");
    expect(result.outcome.details).toEqual({
      requested: `${"x".repeat(64)}…(100000 chars)`,
      available: ["calculator"],
    });
  });

  it("shows a name of the legal 64 characters in full", () => {
    const name = "y".repeat(64);
    expect(failure({ id: "t", name, input: {} }).details?.requested).toBe(name);
  });
});
