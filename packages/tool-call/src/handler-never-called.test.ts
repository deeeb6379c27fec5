import { permissionError, success } from "@keel/errors";
import {
  definePreHook,
  type HookContext,
  type PreToolDecision,
  type PreToolHook,
  requireFact,
  thresholdRedirect,
} from "@keel/hooks";
import { createToolset, defineTool, type ToolCall, type Toolset } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { resolveToolCall } from "./resolve-tool-call.js";
import { completed, makeCall, makeContext } from "./tool-call.test-helpers.js";

/** Every call goes through the public tool-call path, exactly as the loop and the MCP server call it. */
function executeWithHooks(
  toolset: Toolset,
  hooks: readonly PreToolHook[],
  call: ToolCall,
  context: HookContext,
) {
  return resolveToolCall(call, { toolset, preHooks: hooks, context });
}

function supportDesk() {
  const refundHandler = vi.fn(async (input: { customer_id: string; amount: unknown }) =>
    success({ refund_id: "R-1", amount: input.amount }),
  );
  const escalateHandler = vi.fn(async (input: { reason: string }) =>
    success({ ticket: "T-1", reason: input.reason }),
  );
  const toolset = createToolset([
    defineTool({
      name: "process_refund",
      description: "Refunds an amount to a verified customer. Above $500 a human must approve.",
      // Deliberately lenient about the amount's type, so hostile spellings reach the hooks.
      input: z.object({ customer_id: z.string(), amount: z.unknown() }),
      effect: "write",
      handler: refundHandler,
    }),
    defineTool({
      name: "escalate_to_human",
      description: "Hands the case to a human agent with a reason.",
      input: z.object({ reason: z.string(), customer_id: z.string().optional() }),
      effect: "write",
      handler: escalateHandler,
    }),
  ]);
  return { toolset, refundHandler, escalateHandler };
}

const refundLimit = thresholdRedirect({
  tool: "process_refund",
  field: "amount",
  limit: 500,
  redirectTo: "escalate_to_human",
  buildInput: (call, value) => ({
    reason: `Refund of $${value} is above the $500 limit`,
    customer_id: (call.input as { customer_id: string }).customer_id,
  }),
});
const verifiedCustomer = requireFact({
  tool: "process_refund",
  fact: (history, call) =>
    history.some(
      (entry) =>
        entry.outcome.kind === "success" &&
        (entry.outcome.data as { id?: string }).id === (call.input as { customer_id: string }).customer_id,
    ),
  error: permissionError("CUSTOMER_NOT_VERIFIED", "Verify the customer with a lookup before refunding."),
});
const verifiedHistory = [
  completed(makeCall("get_customer_by_email", {}, "toolu_00"), success({ id: "C-1" })),
];
const hooks = [verifiedCustomer, refundLimit];
const refund = (amount: unknown) =>
  makeCall("process_refund", { customer_id: "C-1", amount }, "toolu_refund");

describe("a redirected or blocked tool never runs", () => {
  it("runs escalate_to_human instead of process_refund for $750, under the original tool_use_id", async () => {
    const { toolset, refundHandler, escalateHandler } = supportDesk();
    const result = await executeWithHooks(
      toolset,
      hooks,
      refund(750),
      makeContext({ history: verifiedHistory }),
    );
    expect(refundHandler).not.toHaveBeenCalled();
    expect(escalateHandler).toHaveBeenCalledTimes(1);
    expect(escalateHandler.mock.calls[0]?.[0]).toEqual({
      reason: "Refund of $750 is above the $500 limit",
      customer_id: "C-1",
    });
    expect(result).toMatchObject({
      requested: { id: "toolu_refund", name: "process_refund" },
      executed: { id: "toolu_refund", name: "escalate_to_human" },
      decision: "redirect",
      outcome: { kind: "success", data: { outcome: "redirected", executed_tool: "escalate_to_human" } },
    });
  });

  it("runs process_refund for $500.00 exactly", async () => {
    const { toolset, refundHandler, escalateHandler } = supportDesk();
    await executeWithHooks(toolset, hooks, refund(500.0), makeContext({ history: verifiedHistory }));
    expect(refundHandler).toHaveBeenCalledTimes(1);
    expect(escalateHandler).not.toHaveBeenCalled();
  });

  it("runs nothing when the customer was never verified", async () => {
    const { toolset, refundHandler, escalateHandler } = supportDesk();
    const result = await executeWithHooks(toolset, hooks, refund(20), makeContext());
    expect(refundHandler).not.toHaveBeenCalled();
    expect(escalateHandler).not.toHaveBeenCalled();
    expect(result.outcome).toMatchObject({ kind: "error", code: "CUSTOMER_NOT_VERIFIED" });
  });

  it("runs nothing when a hook throws or hangs", async () => {
    const { toolset, refundHandler } = supportDesk();
    const throwing = definePreHook("fraud-check", () => {
      throw new Error("fraud service down");
    });
    const hanging = definePreHook("slow-check", () => new Promise<PreToolDecision>(() => {}), {
      timeoutMs: 5,
    });
    for (const broken of [throwing, hanging]) {
      const result = await executeWithHooks(
        toolset,
        [broken, ...hooks],
        refund(20),
        makeContext({ history: verifiedHistory }),
      );
      expect(result.outcome).toMatchObject({ kind: "error", code: "HOOK_FAILED" });
    }
    expect(refundHandler).not.toHaveBeenCalled();
  });

  it("never runs process_refund above the limit or on an amount it cannot trust, whatever the model sends", async () => {
    const amounts = fc.oneof(
      fc.double(),
      fc.double({ min: 499, max: 501 }),
      fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      fc.constantFrom(
        "500.00",
        "500.01",
        "$750",
        "0x2EE",
        "",
        "1e3",
        "1e2",
        "0 ",
        " 750",
        "-0",
        "Infinity",
        null,
        true,
        [750],
        {
          amount: 750,
        },
      ),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(amounts, async (amount) => {
        const { toolset, refundHandler } = supportDesk();
        await executeWithHooks(toolset, hooks, refund(amount), makeContext({ history: verifiedHistory }));
        // The documented reading: a finite number, or a string that spells one as a plain decimal literal
        // (sign, digits, fraction, exponent; surrounding whitespace ignored, as " 750 " is 750). Anything else is
        // an amount the hook cannot trust.
        const spelt =
          typeof amount === "string" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(amount.trim());
        const safe =
          (typeof amount === "number" || spelt) &&
          Number.isFinite(Number(amount)) &&
          Number(amount) >= 0 &&
          Number(amount) <= 500;
        if (!safe) expect(refundHandler).not.toHaveBeenCalled();
        else expect(refundHandler).toHaveBeenCalledTimes(1);
      }),
    );
  });
});
