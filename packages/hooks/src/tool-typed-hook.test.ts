import { success, type ToolOutcome } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { definePostHook, definePreHook } from "./define-hook.js";
import { HookConfigError } from "./hook-config-error.js";
import { makeCall, makeContext } from "./hook-context.test-helpers.js";
import { runPostHooks } from "./run-post-hooks.js";
import { runPreHooks } from "./run-pre-hooks.js";
import type { PostToolHook, PreToolDecision, PreToolHook } from "./types.js";

const refundTool = defineTool({
  name: "process_refund",
  description: "Refunds an amount.",
  input: z.object({ order_id: z.string(), amount: z.number().positive(), note: z.string().default("") }),
  effect: "write",
  handler: () => success({ refunded: true }),
});

describe("a hook typed by the tool it guards", () => {
  it("infers call.input from the tool's schema (its output type), keeps untyped hooks unknown", () => {
    definePreHook({
      name: "refund-limit",
      tool: refundTool,
      decide: (call) => {
        expectTypeOf(call.input).toEqualTypeOf<{ order_id: string; amount: number; note: string }>();
        return { action: "allow" };
      },
    });
    definePostHook({
      name: "refund-note",
      tool: refundTool,
      transform: (call, outcome) => {
        expectTypeOf(call.input.amount).toEqualTypeOf<number>();
        return outcome;
      },
    });
    definePreHook("any-tool", (call) => {
      expectTypeOf(call.input).toEqualTypeOf<unknown>();
      return { action: "allow" };
    });
    expectTypeOf(definePreHook).toBeCallableWith({
      name: "n",
      tool: refundTool,
      decide: () => ({ action: "allow" }) as PreToolDecision,
    });
  });

  it("refuses a decide that reads a field the schema does not have (a compile error)", () => {
    definePreHook({
      name: "typo",
      tool: refundTool,
      // @ts-expect-error: "amout" is not a field of process_refund's input
      decide: (call) => (call.input.amout > 500 ? { action: "allow" } : { action: "allow" }),
    });
  });

  it("returns a plain PreToolHook/PostToolHook that mixes with untyped hooks in one list", () => {
    const typed = definePreHook({ name: "t", tool: refundTool, decide: () => ({ action: "allow" }) });
    const untyped = definePreHook("u", () => ({ action: "allow" }));
    expectTypeOf(typed).toEqualTypeOf<PreToolHook>();
    expectTypeOf([typed, untyped]).toEqualTypeOf<PreToolHook[]>();
    const post = definePostHook({ name: "p", tool: refundTool, transform: (_call, outcome) => outcome });
    expectTypeOf(post).toEqualTypeOf<PostToolHook>();
  });

  it("decides only the guarded tool's calls; every other call is allowed without calling decide", async () => {
    const decide = vi.fn((call: { readonly input: { amount: number } }) =>
      call.input.amount > 500
        ? ({ action: "hold", reason: "over the limit" } as const)
        : ({ action: "allow" } as const),
    );
    const hook = definePreHook({ name: "refund-limit", tool: refundTool, decide });
    const context = makeContext();
    expect(await runPreHooks([hook], makeCall("lookup_order", { amount: 900 }), context)).toEqual({
      action: "allow",
    });
    expect(decide).not.toHaveBeenCalled();
    const held = await runPreHooks(
      [hook],
      makeCall("process_refund", { order_id: "O", amount: 900 }),
      context,
    );
    expect(held).toMatchObject({ action: "hold", reason: "over the limit", hook: "refund-limit" });
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it("transforms only the guarded tool's outcomes; others pass as the same object", async () => {
    const hook = definePostHook({
      name: "refund-note",
      tool: refundTool,
      transform: (call, outcome): ToolOutcome =>
        outcome.kind === "success" ? success({ refunded: call.input.amount }) : outcome,
    });
    const outcome = success({ id: "O-1" });
    const context = makeContext();
    expect(await runPostHooks([hook], makeCall("lookup_order", {}), outcome, context)).toBe(outcome);
    const call = makeCall("process_refund", { order_id: "O", amount: 20, note: "" });
    expect(await runPostHooks([hook], call, outcome, context)).toEqual(success({ refunded: 20 }));
  });

  it("keeps the timeout and the definition-time checks of the positional form", () => {
    const hook = definePreHook({
      name: "t",
      tool: refundTool,
      decide: () => ({ action: "allow" }),
      timeoutMs: 50,
    });
    expect(hook.timeoutMs).toBe(50);
    expect(Object.isFrozen(hook)).toBe(true);
    const decide = () => ({ action: "allow" }) as const;
    expect(() => definePreHook({ name: "", tool: refundTool, decide })).toThrow(HookConfigError);
    expect(() => definePreHook({ name: "t", tool: refundTool, decide, timeoutMs: 0 })).toThrow(
      HookConfigError,
    );
    expect(() => definePreHook({ name: "t", tool: undefined as never, decide })).toThrow(
      /"tool" must be the tool/,
    );
    expect(() => definePostHook({ name: "t", tool: refundTool, transform: undefined as never })).toThrow(
      HookConfigError,
    );
  });
});
