import { getEventListeners } from "node:events";
import { success, type ToolOutcome } from "@keel/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { definePostHook, definePreHook } from "./define-hook.js";
import { makeCall, makeContext } from "./hook-context.test-helpers.js";
import { runPostHooks } from "./run-post-hooks.js";
import { runPreHooks } from "./run-pre-hooks.js";
import { settleHook } from "./settle-hook.js";
import type { HookContext, PreToolDecision } from "./types.js";

const refund = makeCall("process_refund", { customer_id: "C-1", amount: 50 });
const record = makeCall("get_customer_by_id", { customer_id: "C-1" });
const allow: PreToolDecision = { action: "allow" };
const never = <T>() => new Promise<T>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe("settleHook: hooks that answer synchronously", () => {
  it("returns a synchronous answer without a promise", () => {
    expect(settleHook(50, makeContext(), () => "answer")).toEqual({ ok: true, value: "answer" });
  });

  it("arms no timer for a synchronous hook", async () => {
    vi.useFakeTimers();
    await runPreHooks([definePreHook("sync", () => allow)], refund, makeContext());
    await runPostHooks(
      [definePostHook("sync", (_call, outcome) => outcome)],
      record,
      success(1),
      makeContext(),
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails closed when a synchronous hook throws", () => {
    const settled = settleHook(50, makeContext(), () => {
      throw new Error("boom");
    });
    expect(settled).toEqual({ ok: false, failure: "threw", timeoutMs: 50 });
  });

  it("fails closed as aborted when a synchronous hook aborts the run before answering", async () => {
    const controller = new AbortController();
    const aborting = definePreHook("aborting", () => {
      controller.abort();
      return allow;
    });
    const decision = await runPreHooks([aborting], refund, makeContext({ signal: controller.signal }));
    expect(decision).toMatchObject({
      action: "block",
      hook: "aborting",
      error: { code: "HOOK_FAILED", details: { failure: "aborted" } },
    });
  });

  it("fails closed when the context carries no real AbortSignal", () => {
    const context = makeContext({ signal: { aborted: false } as unknown as AbortSignal });
    expect(settleHook(50, context, () => "answer")).toMatchObject({ ok: false, failure: "threw" });
  });

  it("fails closed when reading the returned value's `then` throws", () => {
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: the test needs a hostile or foreign thenable.
      get then(): never {
        throw new Error("hostile");
      },
    };
    expect(settleHook(50, makeContext(), () => hostile)).toMatchObject({ ok: false, failure: "threw" });
  });
});

describe("settleHook: the context a hook sees", () => {
  it("keeps the signal when a hook spreads or forwards its context", async () => {
    let spread: HookContext | undefined;
    const forwarding = definePreHook("forwarding", (call, context) => {
      spread = { ...context, metadata: { wrapped: true } };
      return runPreHooks([definePreHook("inner", () => allow)], call, spread);
    });
    expect(await runPreHooks([forwarding], refund, makeContext())).toEqual(allow);
    expect(spread?.signal).toBeInstanceOf(AbortSignal);
    expect(Object.keys(spread ?? {})).toContain("signal");
  });
});

describe("settleHook: hooks that answer asynchronously", () => {
  it("arms no timer for an async hook that answers without waiting", async () => {
    vi.useFakeTimers();
    const settled = await settleHook(50, makeContext(), async () => "answer");
    expect(settled).toEqual({ ok: true, value: "answer" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the time limit armed while a hook waits, and clears it once it answers", async () => {
    vi.useFakeTimers();
    let answer: (value: string) => void = () => {};
    const pending = settleHook(50, makeContext(), () => new Promise<string>((resolve) => (answer = resolve)));
    await Promise.resolve();
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    answer("late but in time");
    expect(await pending).toEqual({ ok: true, value: "late but in time" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("times out a hook that keeps waiting after several awaits, and aborts the signal it read", async () => {
    let hookSignal: AbortSignal | undefined;
    const settled = await settleHook(5, makeContext(), async (context) => {
      await Promise.resolve();
      await Promise.resolve();
      hookSignal = context.signal;
      return never<string>();
    });
    expect(settled).toEqual({ ok: false, failure: "timeout", timeoutMs: 5 });
    expect(hookSignal?.aborted).toBe(true);
  });

  it("shows a hook that reads its signal only after its time limit passed an aborted signal", async () => {
    let readLate: () => AbortSignal = () => new AbortController().signal;
    await settleHook(5, makeContext(), (context) => {
      readLate = () => context.signal;
      return never<string>();
    });
    expect(readLate().aborted).toBe(true);
  });

  it("fails closed when an async hook rejects", async () => {
    const settled = await settleHook(50, makeContext(), async () => Promise.reject(new Error("boom")));
    expect(settled).toMatchObject({ ok: false, failure: "threw" });
  });

  it("waits for a thenable that is not a native promise", async () => {
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: the test needs a foreign thenable.
      then: (resolve: (value: string) => void) => {
        setTimeout(() => resolve("done"), 1);
      },
    } as PromiseLike<string>;
    expect(await settleHook(1_000, makeContext(), () => thenable)).toEqual({ ok: true, value: "done" });
  });

  it("fails closed when a thenable's `then` throws", async () => {
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: the test needs a hostile or foreign thenable.
      then: () => {
        throw new Error("broken thenable");
      },
    };
    expect(await settleHook(1_000, makeContext(), () => thenable)).toMatchObject({
      ok: false,
      failure: "threw",
    });
  });

  it("propagates the caller's abort to a waiting hook: it fails closed and its signal fires with the run's reason", async () => {
    const controller = new AbortController();
    let hookSignal: AbortSignal | undefined;
    const pending = settleHook(5_000, makeContext({ signal: controller.signal }), (context) => {
      hookSignal = context.signal;
      return never<string>();
    });
    setTimeout(() => controller.abort("user cancelled"), 1);
    expect(await pending).toEqual({ ok: false, failure: "aborted", timeoutMs: 5_000 });
    expect(hookSignal?.aborted).toBe(true);
    expect(hookSignal?.reason).toBe("user cancelled");
  });

  it("does not trust an answer that arrives after the run was aborted", async () => {
    const controller = new AbortController();
    const settled = await settleHook(5_000, makeContext({ signal: controller.signal }), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      controller.abort();
      return "answer";
    });
    expect(settled).toMatchObject({ ok: false, failure: "aborted" });
  });

  it("leaves no abort listener on the run's signal once hooks settle", async () => {
    const context: HookContext = makeContext();
    const waiting = definePreHook("waiting", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return allow;
    });
    const hanging = definePreHook("hanging", () => never<PreToolDecision>(), { timeoutMs: 5 });
    await runPreHooks([waiting, waiting], refund, context);
    await runPreHooks([hanging], refund, context);
    expect(getEventListeners(context.signal, "abort")).toHaveLength(0);
  });
});

describe("runPostHooks and the caller's abort", () => {
  it("withholds the outcome when the run is aborted while a post hook waits", async () => {
    const controller = new AbortController();
    const waiting = definePostHook("slow-filter", () => never<ToolOutcome>());
    const pending = runPostHooks(
      [waiting],
      record,
      success({ ssn: "078-05-1120" }),
      makeContext({ signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 1);
    const outcome = await pending;
    expect(outcome).toMatchObject({
      code: "HOOK_FAILED",
      details: { failure: "aborted", hook: "slow-filter" },
    });
    expect(JSON.stringify(outcome)).not.toContain("078-05-1120");
  });
});
