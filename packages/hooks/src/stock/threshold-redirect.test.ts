import { describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPreHooks } from "../run-pre-hooks.js";
import type { PreToolDecision } from "../types.js";
import { type ThresholdRedirectOptions, thresholdRedirect } from "./threshold-redirect.js";

/** The refund limit every test starts from, changing only what it is about. */
const REFUND_LIMIT: ThresholdRedirectOptions = {
  tool: "process_refund",
  field: "amount",
  limit: 500,
  redirectTo: "escalate_to_human",
  buildInput: (call, value) => ({ reason: `refund of ${value} needs approval`, original: call.input }),
};
const refundLimit = thresholdRedirect(REFUND_LIMIT);

const decide = (input: unknown, name = "process_refund"): Promise<PreToolDecision> =>
  runPreHooks([refundLimit], makeCall(name, input), makeContext());

describe("thresholdRedirect", () => {
  it("lets $500.00 through: the limit itself is not above the limit", async () => {
    expect(await decide({ amount: 500.0 })).toEqual({ action: "allow" });
    expect(await decide({ amount: "500.00" })).toEqual({ action: "allow" });
  });

  it("redirects $500.01 to the escalation tool with the built input", async () => {
    const decision = await decide({ customer_id: "C-1", amount: 500.01 });
    expect(decision).toEqual({
      action: "redirect",
      tool: "escalate_to_human",
      input: { reason: "refund of 500.01 needs approval", original: { customer_id: "C-1", amount: 500.01 } },
      reason: "amount 500.01 is above the limit 500 for process_refund; redirected to escalate_to_human",
      hook: "threshold-redirect:process_refund.amount",
    });
  });

  it.each([
    ["a tiny excess", 500.0000000000001],
    ["half a cent", 500.005],
    ["$750", 750],
    ["750.0001", 750.0001],
    ["1e3", 1e3],
    ["the string '750'", "750"],
    ["a padded string", " 750.00 "],
    ["the string '1e3'", "1e3"],
    ["a string too precise for a double", "500.000000000000000001"],
    ["a bigint", 501n],
  ])("redirects %s", async (_label, amount) => {
    expect((await decide({ amount })).action).toBe("redirect");
  });

  it.each([
    ["0", 0],
    ["negative zero", -0],
    ["499.99", 499.99],
    ["the string '5e2'", "5e2"],
  ])("allows %s", async (_label, amount) => {
    expect(await decide({ amount })).toEqual({ action: "allow" });
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["negative", -750],
    ["a negative string", "-0.01"],
    ["an empty string (Number('') is 0)", ""],
    ["a blank string", "   "],
    ["a currency string", "$750"],
    ["a string with a unit", "750 USD"],
    ["a grouped string", "1,000"],
    ["a hex string (Number('0x2EE') is 750)", "0x2EE"],
    ["an underscore string", "1_000"],
    ["the string 'Infinity'", "Infinity"],
    ["a string beyond double range", "1e400"],
    ["a boolean", true],
    ["an object", { value: 750 }],
    ["an array", [750]],
  ])("blocks %s as invalid input rather than letting it through", async (_label, amount) => {
    const decision = await decide(amount === undefined ? {} : { amount });
    expect(decision).toMatchObject({
      action: "block",
      hook: "threshold-redirect:process_refund.amount",
      error: { kind: "error", category: "validation", code: "INVALID_INPUT", details: { field: "amount" } },
    });
  });

  it("does not reach into prototypes for the field", async () => {
    const hook = thresholdRedirect({ ...REFUND_LIMIT, field: "constructor", limit: 1 });
    const decision = await runPreHooks([hook], makeCall("process_refund", {}), makeContext());
    expect(decision.action).toBe("block");
  });

  it("ignores other tools, whatever their input", async () => {
    expect(await decide({ amount: "garbage" }, "lookup_order")).toEqual({ action: "allow" });
  });

  it("reads a dotted path and a string limit", async () => {
    const hook = thresholdRedirect({
      ...REFUND_LIMIT,
      field: "refund.amount",
      limit: "500.00",
      buildInput: (_call, value, context) => ({ value, run: context.runId }),
      reason: "refunds above $500 need a human",
    });
    const decision = await runPreHooks(
      [hook],
      makeCall("process_refund", { refund: { amount: 500.01 } }),
      makeContext({ runId: "run-9" }),
    );
    expect(decision).toMatchObject({
      action: "redirect",
      input: { value: 500.01, run: "run-9" },
      reason: "refunds above $500 need a human",
    });
  });

  it.each([
    ["a NaN limit", { limit: Number.NaN }],
    ["a negative limit", { limit: -1 }],
    ["a non-numeric limit", { limit: "five hundred" }],
    ["an empty field", { field: "" }],
    ["a field with an empty segment", { field: "refund..amount" }],
    ["no buildInput", { buildInput: undefined }],
    ["no redirect target", { redirectTo: "" }],
  ])("rejects %s at definition time", (_label, override) => {
    expect(() => thresholdRedirect({ ...REFUND_LIMIT, ...override } as never)).toThrow(HookConfigError);
  });

  it("fails closed when buildInput throws", async () => {
    const hook = thresholdRedirect({
      ...REFUND_LIMIT,
      buildInput: () => {
        throw new Error("template missing");
      },
    });
    const decision = await runPreHooks([hook], makeCall("process_refund", { amount: 900 }), makeContext());
    expect(decision).toMatchObject({ action: "block", error: { code: "HOOK_FAILED" } });
  });
});

describe("thresholdRedirect with onExceed: hold", () => {
  it("holds a value above the limit for the named approver and allows one at the limit", async () => {
    const hook = thresholdRedirect({
      tool: "refund",
      field: "amount",
      limit: "500.00",
      onExceed: "hold",
      approver: "supervisor",
    });
    const context = makeContext();
    expect(await runPreHooks([hook], makeCall("refund", { amount: 500 }), context)).toEqual({
      action: "allow",
    });
    expect(await runPreHooks([hook], makeCall("refund", { amount: "500.01" }), context)).toMatchObject({
      action: "hold",
      approver: "supervisor",
      reason: expect.stringContaining("500.01"),
    });
  });

  it("refuses an unknown mode when it is defined", () => {
    expect(() =>
      thresholdRedirect({ tool: "refund", field: "amount", limit: 5, onExceed: "ask" as never }),
    ).toThrow(/onExceed/);
  });
});
