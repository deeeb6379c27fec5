import { createToolset } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { createSupportTools } from "./create-support-tools.js";

const toolset = createToolset(createSupportTools(createMemoryBackend()));
const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 50, reason: "Arrived broken" };

/** The lines of the INVALID_INPUT message the model reads for one call. */
function problems(name: string, input: unknown): string[] {
  const result = toolset.validate({ id: "t", name, input });
  if (result.ok || result.outcome.kind !== "error") throw new Error("expected a validation failure");
  expect(result.outcome.code).toBe("INVALID_INPUT");
  return result.outcome.message.split("\n").filter((line) => line.startsWith("- "));
}

describe("the support tools' schemas, as the model reads them", () => {
  it.each([
    ["a negative amount", -5, "- amount: must be at least 0.01, got -5"],
    ["zero", 0, "- amount: must be at least 0.01, got 0"],
    [
      "the smallest positive number, which rounds to no cents",
      5e-324,
      "- amount: must be at least 0.01, got 5e-324",
    ],
    ["a huge amount", 1e12, "- amount: must be at most 100000, got 1000000000000"],
    ["three decimals", 50.001, "- amount: must be in whole cents (at most two decimals), got 50.001"],
    [
      "a numeric string",
      "750",
      '- amount: must be a JSON number such as 49.99, not a string, got the string "750"',
    ],
    ["an object", { value: 50 }, "- amount: must be a JSON number such as 49.99, got an object"],
    ["NaN", Number.NaN, "- amount: must be a JSON number such as 49.99, got NaN"],
  ])("an amount that is %s: the type message only for a wrong type", (_label, amount, line) => {
    expect(problems("process_refund", { ...refund, amount })).toEqual([line]);
  });

  it("half a cent is below one cent and not whole cents: both are said", () => {
    expect(problems("process_refund", { ...refund, amount: 0.005 })).toEqual([
      "- amount: must be at least 0.01, got 0.005",
      "- amount: must be in whole cents (at most two decimals), got 0.005",
    ]);
  });

  it("every money field uses the one money schema: a pending refund of 5e-324 is refused as input", () => {
    const escalation = {
      category: "refund_over_limit",
      summary: "A refund a person should decide on",
      pending_refund: { order_id: "ORD-1001", amount: 5e-324, reason: "Arrived broken" },
    };
    expect(problems("escalate_to_human", escalation)).toEqual([
      "- pending_refund.amount: must be at least 0.01, got 5e-324",
    ]);
  });

  it.each([
    ["", "- order_id: must not be empty, got an empty string"],
    ["   ", "- order_id: must not be empty, got an empty string"],
    ["ORD 1001", '- order_id: must be an order id such as ORD-1001 or #12345, got "ORD 1001"'],
    ["X".repeat(33), "- order_id: must be at most 32 characters long, got 33 characters"],
  ])("an order id %j: one line, read as a reason", (orderId, line) => {
    expect(problems("lookup_order", { order_id: orderId })).toEqual([line]);
  });

  it("a customer id of the wrong shape says the shape", () => {
    expect(problems("get_customer_by_id", { customer_id: "1001" })).toEqual([
      '- customer_id: must be a customer id: C- followed by 4 to 10 digits, such as C-1001, got "1001"',
    ]);
  });

  it("an email, a reason too short, a date and a window each read as a reason", () => {
    expect(problems("get_customer_by_email", { email: "bob" })).toEqual([
      '- email: must be an email address such as jane@example.com, got "bob"',
    ]);
    expect(problems("process_refund", { ...refund, reason: " x " })).toEqual([
      "- reason: must be at least 3 characters long, got 1 character",
    ]);
    expect(
      problems("resolve_cap_basis", { customer_id: "C-1001", as_of: "31/01/2026", window_months: 0 }),
    ).toEqual([
      '- as_of: must be a date as YYYY-MM-DD, such as 2025-01-31, got "31/01/2026"',
      "- window_months: must be at least 1, got 0",
    ]);
    expect(problems("resolve_cap_basis", { customer_id: "C-1001", window_months: 2.5 })).toEqual([
      "- window_months: must be a whole number, got 2.5",
    ]);
  });

  it("an undeclared field is named, to be removed", () => {
    expect(problems("process_refund", { ...refund, approved_by: "manager" })).toEqual([
      "- approved_by: is not a field of this tool: remove it",
    ]);
  });
});
