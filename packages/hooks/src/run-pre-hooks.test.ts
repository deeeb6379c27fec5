import { businessError, isErrorOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { definePreHook } from "./define-hook.js";
import { HookConfigError } from "./hook-config-error.js";
import { makeCall, makeContext } from "./hook-context.test-helpers.js";
import { composePreHooks, runPreHooks } from "./run-pre-hooks.js";
import type { PreToolDecision, PreToolHook } from "./types.js";

const refund = makeCall("process_refund", { customer_id: "C-1", amount: 50 });
const suspended = businessError("ACCOUNT_SUSPENDED", "The account is suspended; escalate to a human.");

const allow = (name: string) => definePreHook(name, () => ({ action: "allow" }));
const block = (name: string) => definePreHook(name, () => ({ action: "block", error: suspended }));
const rewrite = (name: string, input: unknown) =>
  definePreHook(name, () => ({ action: "rewrite", input, reason: `${name} rewrote` }));
const redirect = (name: string, tool: string, input: unknown) =>
  definePreHook(name, () => ({ action: "redirect", tool, input, reason: `${name} redirected` }));

/** Records the call each hook saw. */
function spy(name: string, seen: ToolCall[]): PreToolHook {
  return definePreHook(name, (call) => {
    seen.push(call);
    return { action: "allow" };
  });
}

describe("runPreHooks", () => {
  it("allows when there are no hooks", async () => {
    expect(await runPreHooks([], refund, makeContext())).toEqual({ action: "allow" });
  });

  it("runs hooks in array order", async () => {
    const order: string[] = [];
    const record = (name: string) =>
      definePreHook(name, () => {
        order.push(name);
        return { action: "allow" };
      });
    await runPreHooks([record("a"), record("b"), record("c")], refund, makeContext());
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("shows each hook the input as rewritten by the hooks before it", async () => {
    const seen: ToolCall[] = [];
    const appendStep = (step: string) =>
      definePreHook(`append-${step}`, (call) => ({
        action: "rewrite",
        input: { steps: [...(call.input as { steps: string[] }).steps, step] },
        reason: `added ${step}`,
      }));
    const decision = await runPreHooks(
      [appendStep("a"), spy("spy", seen), appendStep("b")],
      makeCall("noop", { steps: [] }),
      makeContext(),
    );
    expect(seen[0]?.input).toEqual({ steps: ["a"] });
    expect(decision).toEqual({
      action: "rewrite",
      input: { steps: ["a", "b"] },
      reason: "added b",
      hook: "append-b",
    });
  });

  it("shows later hooks the redirected call, keeping the tool_use id", async () => {
    const seen: ToolCall[] = [];
    await runPreHooks(
      [redirect("to-escalation", "escalate_to_human", { reason: "big" }), spy("spy", seen)],
      refund,
      makeContext(),
    );
    expect(seen).toEqual([{ id: refund.id, name: "escalate_to_human", input: { reason: "big" } }]);
  });

  it("applies rewrites after a redirect to the redirected input", async () => {
    const decision = await runPreHooks(
      [
        redirect("to-escalation", "escalate_to_human", { reason: "big" }),
        rewrite("tag", { reason: "tagged" }),
      ],
      refund,
      makeContext(),
    );
    expect(decision).toEqual({
      action: "redirect",
      tool: "escalate_to_human",
      input: { reason: "tagged" },
      reason: "to-escalation redirected",
      hook: "to-escalation",
    });
  });

  it("lets a block anywhere win over redirects and rewrites, naming the blocking hook", async () => {
    const decision = await runPreHooks(
      [
        rewrite("r", { amount: 1 }),
        redirect("d", "escalate_to_human", {}),
        block("suspended-check"),
        allow("a"),
      ],
      refund,
      makeContext(),
    );
    expect(decision).toEqual({ action: "block", error: suspended, hook: "suspended-check" });
  });

  it("stops at the first block: later hooks never run", async () => {
    const seen: ToolCall[] = [];
    await runPreHooks([block("first"), spy("later", seen)], refund, makeContext());
    expect(seen).toEqual([]);
  });

  it("names the hook that decided, not one the decision claims", async () => {
    const liar = definePreHook("real-name", () => ({
      action: "block",
      error: suspended,
      hook: "someone-else",
    }));
    const decision = await runPreHooks([liar], refund, makeContext());
    expect(decision).toMatchObject({ action: "block", hook: "real-name" });
  });

  it("hands hooks a frozen copy, so mutating the input in place fails closed instead of sneaking through", async () => {
    const input = { amount: 750 };
    const sneaky = definePreHook("sneaky", (call) => {
      (call.input as { amount: number }).amount = 1;
      return { action: "allow" };
    });
    const decision = await runPreHooks([sneaky], makeCall("process_refund", input), makeContext());
    expect(decision).toMatchObject({ action: "block", hook: "sneaky", error: { code: "HOOK_FAILED" } });
    expect(input.amount).toBe(750);
  });
});

describe("runPreHooks fails closed", () => {
  const expectHookFailed = (decision: PreToolDecision, hook: string, failure: string) => {
    expect(decision.action).toBe("block");
    if (decision.action !== "block") return;
    expect(decision.hook).toBe(hook);
    expect(isErrorOutcome(decision.error)).toBe(true);
    expect(decision.error).toMatchObject({
      category: "unclassified",
      code: "HOOK_FAILED",
      retryable: false,
      details: { hook, failure, tool: "process_refund" },
    });
    expect(decision.error.message).toContain(`"${hook}"`);
  };

  it("blocks when a hook throws, without leaking the thrown message or a stack", async () => {
    const throwing = definePreHook("crm-lookup", () => {
      throw new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2");
    });
    const decision = await runPreHooks([allow("a"), throwing], refund, makeContext());
    expectHookFailed(decision, "crm-lookup", "threw");
    const text = JSON.stringify(decision);
    expect(text).not.toContain("ECONNREFUSED");
    expect(text).not.toContain("hunter2");
    expect(text).not.toMatch(/\bat .*:\d+:\d+/);
  });

  it("blocks when a hook rejects asynchronously", async () => {
    const rejecting = definePreHook("async-check", async () => Promise.reject(new Error("boom")));
    expectHookFailed(await runPreHooks([rejecting], refund, makeContext()), "async-check", "threw");
  });

  it("blocks when a hook exceeds its timeout, and aborts the hook's signal", async () => {
    let hookSignal: AbortSignal | undefined;
    const hanging = definePreHook(
      "hanging",
      (_call, context) => {
        hookSignal = context.signal;
        return new Promise<PreToolDecision>(() => {});
      },
      { timeoutMs: 5 },
    );
    expectHookFailed(await runPreHooks([hanging], refund, makeContext()), "hanging", "timeout");
    expect(hookSignal?.aborted).toBe(true);
  });

  it("blocks when the run is aborted while a hook runs", async () => {
    const controller = new AbortController();
    const hanging = definePreHook("hanging", () => {
      controller.abort();
      return new Promise<PreToolDecision>(() => {});
    });
    const decision = await runPreHooks([hanging], refund, makeContext({ signal: controller.signal }));
    expectHookFailed(decision, "hanging", "aborted");
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "allow"],
    ["an unknown action", { action: "maybe" }],
    ["a block without an error outcome", { action: "block", error: "nope" }],
    [
      "a block with a success as error",
      { action: "block", error: { kind: "success", isError: false, data: 1 } },
    ],
    ["a redirect without a tool", { action: "redirect", input: {}, reason: "r" }],
    ["a redirect to a malformed tool name", { action: "redirect", tool: "rm -rf", input: {}, reason: "r" }],
    ["a redirect without input", { action: "redirect", tool: "escalate_to_human", reason: "r" }],
    ["a rewrite without a reason", { action: "rewrite", input: {} }],
  ])("blocks when a hook returns %s", async (_label, garbage) => {
    const broken = definePreHook("broken", () => garbage as PreToolDecision);
    expectHookFailed(await runPreHooks([broken], refund, makeContext()), "broken", "invalid_result");
  });

  it("blocks on a hand-built hook that is not a hook at all", async () => {
    const decision = await runPreHooks([null as unknown as PreToolHook], refund, makeContext());
    expectHookFailed(decision, "hook #1", "threw");
  });
});

describe("runPreHooks with a list that is not a list", () => {
  it("throws a configuration error rather than treating it as no hooks (which would allow)", async () => {
    await expect(runPreHooks(undefined as never, refund, makeContext())).rejects.toThrow(HookConfigError);
  });
});

describe("composePreHooks", () => {
  it("decides like the flat list, naming the inner hook", async () => {
    const hooks = [rewrite("r", { amount: 5 }), redirect("d", "escalate_to_human", { x: 1 }), allow("a")];
    const composite = composePreHooks(hooks);
    expect(await runPreHooks([composite], refund, makeContext())).toEqual(
      await runPreHooks(hooks, refund, makeContext()),
    );
    expect(composite.name).toBe("composed(r, d, a)");
  });

  it("fails closed inside, naming the inner hook that failed", async () => {
    const composite = composePreHooks([
      allow("a"),
      definePreHook("thrower", () => {
        throw new Error("x");
      }),
    ]);
    const decision = await runPreHooks([composite], refund, makeContext());
    expect(decision).toMatchObject({ action: "block", hook: "thrower", error: { code: "HOOK_FAILED" } });
  });

  it("is not affected by later changes to the array it was given", async () => {
    const hooks: PreToolHook[] = [allow("a")];
    const composite = composePreHooks(hooks);
    hooks.push(block("late"));
    expect(await composite.decide(refund, makeContext())).toEqual({ action: "allow" });
  });
});
