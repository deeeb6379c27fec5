import { businessError, type ErrorOutcome, permissionError, success, transientError } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { completed, makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPreHooks } from "../run-pre-hooks.js";
import type { CompletedCall } from "../types.js";
import { requireFact } from "./require-fact.js";

const notVerified = permissionError(
  "CUSTOMER_NOT_VERIFIED",
  "Look the customer up first (get_customer_by_email or get_customer_by_id), then refund that customer id.",
);

/** The fact: a customer lookup succeeded earlier and returned the id this refund names. */
function customerVerified(history: readonly CompletedCall[], call: ToolCall): boolean {
  const customerId = (call.input as { customer_id?: unknown }).customer_id;
  return history.some(
    (entry) =>
      entry.executed.startsWith("get_customer_") &&
      entry.outcome.kind === "success" &&
      (entry.outcome.data as { id?: unknown }).id === customerId,
  );
}

const verifiedRefunds = requireFact({ tool: "process_refund", fact: customerVerified, error: notVerified });
const refund = makeCall("process_refund", { customer_id: "C-1", amount: 20 });
const lookup = makeCall("get_customer_by_email", { email: "ada@example.com" }, "toolu_00");

const decide = (history: readonly CompletedCall[], call: ToolCall = refund) =>
  runPreHooks([verifiedRefunds], call, makeContext({ history }));

describe("requireFact", () => {
  it("blocks a refund when nothing in the run verified the customer", async () => {
    expect(await decide([])).toEqual({
      action: "block",
      error: notVerified,
      hook: "require-fact:process_refund",
    });
  });

  it("allows the refund once a lookup returned the same customer id", async () => {
    expect(await decide([completed(lookup, success({ id: "C-1", email: "ada@example.com" }))])).toEqual({
      action: "allow",
    });
  });

  it("blocks when the verified customer is a different one", async () => {
    const decision = await decide([completed(lookup, success({ id: "C-2" }))]);
    expect(decision.action).toBe("block");
  });

  it("blocks when the lookup failed", async () => {
    const decision = await decide([
      completed(lookup, transientError("CRM_UNAVAILABLE", "Try again shortly.")),
    ]);
    expect(decision.action).toBe("block");
  });

  it("ignores calls to other tools", async () => {
    expect(await decide([], makeCall("lookup_order", { order_id: "ORD-1" }))).toEqual({ action: "allow" });
  });

  it("allows only on exactly true: a truthy non-boolean fails closed", async () => {
    const sloppy = requireFact({
      tool: "process_refund",
      fact: () => "yes" as unknown as boolean,
      error: notVerified,
    });
    expect((await runPreHooks([sloppy], refund, makeContext())).action).toBe("block");
  });

  it("fails closed with HOOK_FAILED when the fact throws", async () => {
    const throwing = requireFact({
      tool: "process_refund",
      fact: () => {
        throw new Error("bad history");
      },
      error: notVerified,
    });
    const decision = await runPreHooks([throwing], refund, makeContext());
    expect(decision).toMatchObject({ action: "block", error: { code: "HOOK_FAILED" } });
  });

  it("builds the error from the call when given a function, and guards several tools", async () => {
    const hook = requireFact({
      tool: ["process_refund", "cancel_order"],
      fact: () => false,
      error: (call): ErrorOutcome =>
        businessError("NOT_ALLOWED", `${call.name} needs an approved ticket first; escalate to a human.`),
    });
    const decision = await runPreHooks([hook], makeCall("cancel_order", {}), makeContext());
    expect(decision).toMatchObject({
      action: "block",
      error: { message: expect.stringMatching(/^cancel_order/) },
    });
  });

  it.each([
    ["no tool", { tool: "" }],
    ["an empty tool list", { tool: [] }],
    ["no fact", { fact: undefined }],
    ["an error that is not an error outcome", { error: success(1) }],
  ])("rejects %s at definition time", (_label, override) => {
    const options = { tool: "process_refund", fact: () => true, error: notVerified, ...override };
    expect(() => requireFact(options as never)).toThrow(HookConfigError);
  });
});
