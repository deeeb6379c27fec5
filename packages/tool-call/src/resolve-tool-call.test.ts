import { businessError, permissionError, success, transientError, validationError } from "@keel/errors";
import { definePostHook, definePreHook } from "@keel/hooks";
import type { Toolset } from "@keel/tools";
import { describe, expect, it, vi } from "vitest";
import { idempotencyKey } from "./idempotency-key.js";
import { resolveToolCall } from "./resolve-tool-call.js";
import { makeCall, makeContext, refundToHuman, tools } from "./tool-call.test-helpers.js";
import type { ToolCallOptions, ToolRetryPolicy } from "./tool-call-resolution.js";
import { DEFAULT_TOOL_RETRY, toolRetryPolicy } from "./tool-retry-policy.js";

const options = (toolset: Toolset, more: Partial<ToolCallOptions> = {}): ToolCallOptions => ({
  toolset,
  context: makeContext(),
  ...more,
});
/** Resolves a process_refund call of `amount` through `toolset`. */
const resolveRefund = (toolset: Toolset, amount: number, more: Partial<ToolCallOptions> = {}) =>
  resolveToolCall(makeCall("process_refund", { amount }), options(toolset, more));
const instantRetry = (maxAttempts: number): ToolRetryPolicy => ({
  maxAttempts,
  delayMs: (_attempt, retryAfterMs) => retryAfterMs ?? 1,
  sleep: () => Promise.resolve(),
});

describe("resolveToolCall: the one tool-call path", () => {
  it("answers an unknown tool and invalid input without reaching the hooks", async () => {
    const { toolset } = tools();
    const hook = vi.fn(() => ({ action: "allow" as const }));
    const preHooks = [definePreHook("watch", hook)];
    const unknown = await resolveToolCall(makeCall("refund", {}), options(toolset, { preHooks }));
    const invalid = await resolveRefund(toolset, -1, { preHooks });
    expect(unknown).toMatchObject({ decision: null, executed: null, outcome: { code: "UNKNOWN_TOOL" } });
    expect(invalid).toMatchObject({ decision: null, executed: null, outcome: { code: "INVALID_INPUT" } });
    expect(hook).not.toHaveBeenCalled();
  });

  it("runs a redirect's target under the same id and tells the model the requested tool did not run", async () => {
    const { toolset, refund } = tools();
    const resolution = await resolveToolCall(
      makeCall("process_refund", { amount: 750 }, "toolu_9"),
      options(toolset, { preHooks: [refundToHuman] }),
    );
    expect(refund).not.toHaveBeenCalled();
    expect(resolution).toMatchObject({
      decision: "redirect",
      hook: "refund-limit",
      reason: "over the limit",
      executed: { id: "toolu_9", name: "escalate_to_human", input: { reason: "over" } },
      outcome: {
        kind: "success",
        data: { outcome: "redirected", requested_tool: "process_refund", result: { ticket_id: "T-1" } },
      },
    });
  });

  it("refuses a hook's rewrite into invalid input as HOOK_INVALID_CALL, running nothing", async () => {
    const { toolset, refund } = tools();
    const breaks = definePreHook("breaks", () => ({
      action: "rewrite",
      input: { amount: "x" },
      reason: "r",
    }));
    const resolution = await resolveRefund(toolset, 5, { preHooks: [breaks] });
    expect(resolution).toMatchObject({
      decision: "rewrite",
      executed: null,
      outcome: { category: "unclassified", code: "HOOK_INVALID_CALL", details: { reason: "INVALID_INPUT" } },
    });
    expect(refund).not.toHaveBeenCalled();
  });

  it("authorises the tool asked for and again the tool a hook redirects to", async () => {
    const { toolset } = tools();
    const denyTickets = (tool: { name: string }) =>
      tool.name === "escalate_to_human" ? permissionError("NO_TICKETS", "Not for you.") : null;
    const redirected = await resolveRefund(toolset, 750, {
      preHooks: [refundToHuman],
      authorize: denyTickets,
    });
    expect(redirected).toMatchObject({ executed: null, outcome: { code: "NO_TICKETS" } });
    const direct = await resolveToolCall(
      makeCall("escalate_to_human", { reason: "x" }),
      options(toolset, { authorize: denyTickets }),
    );
    expect(direct).toMatchObject({ decision: null, outcome: { category: "permission" } });
  });

  it("returns a block's error and never calls the handler", async () => {
    const { toolset, refund } = tools();
    const no = definePreHook("no", () => ({
      action: "block",
      error: businessError("NO", "No. Do not retry."),
    }));
    const resolution = await resolveRefund(toolset, 5, { preHooks: [no] });
    expect(resolution).toMatchObject({ decision: "block", hook: "no", attempts: 0, outcome: { code: "NO" } });
    expect(refund).not.toHaveBeenCalled();
  });

  it("gives a write the run's stable key by default, or the caller's own", async () => {
    const { toolset, keys } = tools();
    const call = makeCall("process_refund", { amount: 5 });
    await resolveToolCall(call, options(toolset));
    await resolveToolCall(call, options(toolset, { idempotencyKey: () => "client-key-1" }));
    expect(keys).toEqual([idempotencyKey("run-test", "process_refund", { amount: 5 }), "client-key-1"]);
  });

  it("answers with the caller's key error and runs nothing when the key is unusable", async () => {
    const { toolset, refund } = tools();
    const resolution = await resolveRefund(toolset, 5, {
      idempotencyKey: () => validationError("BAD_KEY", "Fix the key."),
    });
    expect(resolution).toMatchObject({ executed: null, attempts: 0, outcome: { code: "BAD_KEY" } });
    expect(refund).not.toHaveBeenCalled();
  });

  it("retries a transient failure within the budget and reports each retry", async () => {
    const { toolset, flaky } = tools();
    const onRetry = vi.fn();
    const resolution = await resolveToolCall(
      makeCall("flaky", {}, "toolu_f"),
      options(toolset, { retry: instantRetry(3), onRetry }),
    );
    expect(flaky).toHaveBeenCalledTimes(3);
    expect(resolution).toMatchObject({ attempts: 3, outcome: { code: "UPSTREAM_DOWN" } });
    expect(onRetry.mock.calls.map(([event]) => [event.attempt, event.delayMs])).toEqual([
      [2, 10],
      [3, 10],
    ]);
  });

  it("says how many runs a final error took, and counts the runs a tool reports against the budget", async () => {
    const { toolset, flaky } = tools();
    const retried = await resolveToolCall(
      makeCall("flaky", {}),
      options(toolset, { retry: instantRetry(3) }),
    );
    expect(retried).toMatchObject({ attempts: 3, outcome: { code: "UPSTREAM_DOWN", attempts: 3 } });
    // A remote tool whose server already retried twice: one more run is left of a budget of 3.
    flaky.mockClear();
    flaky.mockImplementation(() => ({ ...transientError("UPSTREAM_DOWN", "Down; retry."), attempts: 2 }));
    const across = await resolveToolCall(makeCall("flaky", {}), options(toolset, { retry: instantRetry(3) }));
    expect(flaky).toHaveBeenCalledTimes(2);
    expect(across).toMatchObject({ attempts: 2, outcome: { attempts: 4 } });
    // A server that spent the whole budget: not run again here.
    flaky.mockClear();
    flaky.mockImplementation(() => ({ ...transientError("UPSTREAM_DOWN", "Down; retry."), attempts: 3 }));
    const spent = await resolveToolCall(makeCall("flaky", {}), options(toolset, { retry: instantRetry(3) }));
    expect(flaky).toHaveBeenCalledTimes(1);
    expect(spent).toMatchObject({ attempts: 1, outcome: { attempts: 3 } });
  });

  it("leaves attempts off an error that ran once", async () => {
    const { toolset } = tools();
    const once = await resolveToolCall(makeCall("flaky", {}), options(toolset, { retry: instantRetry(1) }));
    expect(once.outcome).not.toHaveProperty("attempts");
  });

  it("retries with the standard policy by default (3 attempts), and not at all with maxAttempts 1", async () => {
    const { toolset, flaky } = tools();
    const retried = await resolveToolCall(makeCall("flaky", {}), options(toolset));
    expect(retried).toMatchObject({
      attempts: DEFAULT_TOOL_RETRY.maxAttempts,
      outcome: { code: "UPSTREAM_DOWN" },
    });
    expect(flaky).toHaveBeenCalledTimes(3);
    flaky.mockClear();
    const once = await resolveToolCall(
      makeCall("flaky", {}),
      options(toolset, { retry: toolRetryPolicy({ maxAttempts: 1 }) }),
    );
    expect(once.attempts).toBe(1);
    expect(flaky).toHaveBeenCalledTimes(1);
  });

  it("runs post-hooks on the executed tool only when something ran", async () => {
    const { toolset } = tools();
    const seen: string[] = [];
    const post = definePostHook("seen", (call, outcome) => {
      seen.push(call.name);
      return outcome;
    });
    await resolveRefund(toolset, 9, { postHooks: [post] });
    await resolveToolCall(makeCall("nope", {}), options(toolset, { postHooks: [post] }));
    expect(seen).toEqual(["process_refund"]);
  });

  it("reuses an earlier read outcome only when the caller hands it back", async () => {
    const { toolset } = tools();
    const first = await resolveToolCall(makeCall("lookup", { id: "A" }), options(toolset));
    expect(first.reusable?.outcome).toEqual(success({ id: "A" }));
    const reuse = new Map([[first.reusable!.key, success({ id: "cached" })]]);
    const second = await resolveToolCall(makeCall("lookup", { id: "A" }), options(toolset, { reuse }));
    expect(second).toMatchObject({ reused: true, attempts: 0, outcome: { data: { id: "cached" } } });
  });

  it("runs nothing once the run is aborted", async () => {
    const { toolset, refund } = tools();
    const controller = new AbortController();
    controller.abort();
    const resolution = await resolveRefund(toolset, 5, {
      context: makeContext({ signal: controller.signal }),
    });
    expect(resolution).toMatchObject({
      executed: null,
      outcome: { category: "transient", code: "RUN_ABORTED" },
    });
    expect(refund).not.toHaveBeenCalled();
  });

  it("turns a broken dependency into an outcome instead of rejecting", async () => {
    const { toolset } = tools();
    const broken = {
      ...toolset,
      validate: () => {
        throw new Error("boom");
      },
    } as unknown as Toolset;
    const resolution = await resolveToolCall(makeCall("lookup", { id: "A" }), options(broken));
    expect(resolution.outcome).toMatchObject({ kind: "error", category: "unclassified" });
    expect(JSON.stringify(resolution.outcome)).not.toContain("boom");
  });
});

describe("resolveToolCall: a held call", () => {
  const hold = definePreHook("approval", (call) =>
    call.name === "process_refund"
      ? { action: "hold", reason: "over $500", approver: "supervisor" }
      : { action: "allow" },
  );

  it("runs nothing and answers APPROVAL_REQUIRED for callers that cannot pause", async () => {
    const { toolset, refund } = tools();
    const resolution = await resolveRefund(toolset, 750, { preHooks: [hold] });
    expect(resolution).toMatchObject({
      decision: "hold",
      executed: null,
      held: { reason: "over $500", approver: "supervisor" },
      outcome: { category: "permission", code: "APPROVAL_REQUIRED", retryable: false },
    });
    expect(refund).not.toHaveBeenCalled();
  });

  it("runs once approved, while a block still wins over the approval", async () => {
    const { toolset, refund } = tools();
    const approved = await resolveRefund(toolset, 750, { preHooks: [hold], approved: true });
    expect(approved).toMatchObject({ decision: "allow", executed: { name: "process_refund" } });
    const never = definePreHook("never", () => ({ action: "block", error: businessError("NO", "No.") }));
    const blocked = await resolveRefund(toolset, 750, { preHooks: [hold, never], approved: true });
    expect(blocked).toMatchObject({ decision: "block", outcome: { code: "NO" } });
    expect(refund).toHaveBeenCalledTimes(1);
  });
});
