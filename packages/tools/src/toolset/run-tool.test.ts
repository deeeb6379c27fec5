import { getEventListeners } from "node:events";
import { businessError, success, ToolError, type ToolOutcome } from "@keel/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineTool } from "../definition/define-tool.js";
import type { ToolContext, ToolSpec } from "../types.js";
import { callTool, contextFor } from "./toolset.test-helpers.js";

function toolWith(handler: ToolSpec["handler"], extra: Partial<ToolSpec> = {}) {
  return defineTool({
    name: "probe",
    description: "Probes.",
    input: z.object({}),
    effect: "read",
    handler,
    ...extra,
  });
}

async function execute(handler: ToolSpec["handler"], extra: Partial<ToolSpec> = {}, context = contextFor()) {
  return callTool(toolWith(handler, extra), {}, context);
}

describe("run: a handler that throws", () => {
  it("turns an unexpected throw into unclassified TOOL_EXCEPTION without the raw message", async () => {
    const outcome = await execute(() => {
      throw new Error("connect ECONNREFUSED 10.0.0.3:5432 password=hunter2");
    });
    expect(outcome).toMatchObject({
      kind: "error",
      category: "unclassified",
      code: "TOOL_EXCEPTION",
      retryable: false,
    });
    expect(JSON.stringify(outcome)).not.toContain("hunter2");
  });

  it("turns a rejected promise into the same outcome", async () => {
    const outcome = await execute(async () => Promise.reject(new Error("boom")));
    expect(outcome).toMatchObject({ code: "TOOL_EXCEPTION" });
  });

  it("returns the categorised outcome a handler threw as a ToolError", async () => {
    const refused = businessError(
      "ALREADY_REFUNDED",
      "The order was already refunded; do not refund it again.",
    );
    const outcome = await execute(() => {
      throw new ToolError(refused);
    });
    expect(outcome).toEqual(refused);
  });
});

describe("run: what a handler returns", () => {
  it("refuses a return value that is not an outcome as unclassified INVALID_TOOL_RESULT", async () => {
    const outcome = await execute((() => ({ status: "shipped" })) as unknown as ToolSpec["handler"]);
    expect(outcome).toMatchObject({
      category: "unclassified",
      code: "INVALID_TOOL_RESULT",
      retryable: false,
    });
  });

  it("refuses undefined the same way", async () => {
    const outcome = await execute((() => undefined) as unknown as ToolSpec["handler"]);
    expect(outcome).toMatchObject({ code: "INVALID_TOOL_RESULT" });
  });

  it("passes a valid-empty outcome through untouched", async () => {
    const empty: ToolOutcome = {
      kind: "empty",
      isError: false,
      code: "ORDER_NOT_FOUND",
      message: "No such order.",
    };
    expect(await execute(() => empty)).toBe(empty);
  });

  it("checks success data against the output schema", async () => {
    const output = z.object({ status: z.string() });
    const outcome = await execute(() => success({ status: 3 }), { output });
    expect(outcome).toMatchObject({ category: "unclassified", code: "INVALID_TOOL_OUTPUT" });
    expect(outcome.kind === "error" && outcome.details?.fields).toEqual([
      { path: "status", problem: "must be a string, got 3" },
    ]);
  });

  it("returns the output schema's parsed data on success", async () => {
    const output = z.object({ status: z.string() });
    const outcome = await execute(() => success({ status: "ok", internal: "dropped" }), { output });
    expect(outcome).toEqual({ kind: "success", isError: false, data: { status: "ok" } });
  });
});

describe("run: time limits and cancellation", () => {
  const waitForAbort = (_input: unknown, context: ToolContext): Promise<ToolOutcome> =>
    new Promise((resolve) => {
      context.signal.addEventListener("abort", () => resolve(success("too late")));
    });

  it("returns transient TOOL_TIMEOUT past timeoutMs and aborts the handler's signal", async () => {
    let seen: AbortSignal | undefined;
    const outcome = await execute(
      (input, context) => {
        seen = context.signal;
        return waitForAbort(input, context);
      },
      { timeoutMs: 5 },
    );
    expect(outcome).toMatchObject({
      kind: "error",
      category: "transient",
      code: "TOOL_TIMEOUT",
      retryable: true,
    });
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException | undefined)?.name).toBe("TimeoutError");
  });

  it("returns TOOL_TIMEOUT even when the handler ignores its signal and never settles", async () => {
    const outcome = await execute(() => new Promise<ToolOutcome>(() => {}), { timeoutMs: 5 });
    expect(outcome).toMatchObject({ code: "TOOL_TIMEOUT" });
  });

  it("marks a timed-out write that is not idempotent as not retryable: it may have happened", async () => {
    const outcome = await execute(waitForAbort, { timeoutMs: 5, effect: "write" });
    expect(outcome).toMatchObject({ category: "transient", code: "TOOL_TIMEOUT", retryable: false });
    expect(outcome.kind === "error" && outcome.message).toContain("may or may not have taken effect");
  });

  it("keeps a timed-out idempotent write retryable", async () => {
    const outcome = await execute(waitForAbort, { timeoutMs: 5, effect: "write", idempotent: true });
    expect(outcome).toMatchObject({ code: "TOOL_TIMEOUT", retryable: true });
  });

  it("does not run the handler when the caller's signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    const outcome = await execute(
      () => {
        ran = true;
        return success(null);
      },
      {},
      contextFor({ signal: controller.signal }),
    );
    expect(ran).toBe(false);
    expect(outcome).toMatchObject({ category: "transient", code: "TOOL_ABORTED", retryable: false });
  });

  it("stops waiting and aborts the handler when the caller aborts during the call", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = execute(
      (_input, context) => {
        seen = context.signal;
        queueMicrotask(() => controller.abort());
        return new Promise<ToolOutcome>(() => {});
      },
      {},
      contextFor({ signal: controller.signal }),
    );
    const outcome = await pending;
    expect(outcome).toMatchObject({ code: "TOOL_ABORTED" });
    expect(seen?.aborted).toBe(true);
  });

  it("passes the rest of the context through to the handler", async () => {
    let received: ToolContext | undefined;
    await execute((_input, context) => {
      received = context;
      return success(null);
    });
    expect(received).toMatchObject({ toolUseId: "toolu_1", runId: "run_1", iteration: 1, metadata: {} });
  });
});

describe("run: a tool without timeoutMs (the caller's signal is passed through)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands the handler the caller's own signal", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    await execute(
      (_input, context) => {
        seen = context.signal;
        return success(null);
      },
      {},
      contextFor({ signal: controller.signal }),
    );
    expect(seen).toBe(controller.signal);
  });

  it("arms no timer and leaves no abort listener behind, whether the handler waits or not", async () => {
    vi.useFakeTimers();
    const context = contextFor();
    await execute(() => success("sync"), {}, context);
    await execute(async () => success("async"), {}, context);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    await execute(
      () => new Promise<ToolOutcome>((resolve) => setTimeout(() => resolve(success(1)), 1)),
      {},
      context,
    );
    expect(getEventListeners(context.signal, "abort")).toHaveLength(0);
  });

  it("returns TOOL_ABORTED without waiting when the caller aborts while the handler is pending", async () => {
    const controller = new AbortController();
    const context = contextFor({ signal: controller.signal });
    const pending = execute(() => new Promise<ToolOutcome>(() => {}), {}, context);
    setTimeout(() => controller.abort(new Error("user left")), 1);
    expect(await pending).toMatchObject({ code: "TOOL_ABORTED", details: { when: "during" } });
    expect(controller.signal.reason).toEqual(new Error("user left"));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("returns TOOL_ABORTED when the caller aborts while a synchronous handler runs", async () => {
    const controller = new AbortController();
    const outcome = await execute(
      () => {
        controller.abort();
        return success("done, but the caller has gone");
      },
      { effect: "write" },
      contextFor({ signal: controller.signal }),
    );
    expect(outcome).toMatchObject({ code: "TOOL_ABORTED" });
    expect(outcome.kind === "error" && outcome.message).toContain("may or may not have taken effect");
  });

  it("still turns a rejection, a bad return and bad output into outcomes", async () => {
    expect(await execute(async () => Promise.reject(new Error("boom")))).toMatchObject({
      code: "TOOL_EXCEPTION",
    });
    expect(await execute((async () => ({ nope: true })) as unknown as ToolSpec["handler"])).toMatchObject({
      code: "INVALID_TOOL_RESULT",
    });
    const output = z.object({ status: z.string() });
    expect(await execute(async () => success({ status: 3 }), { output })).toMatchObject({
      code: "INVALID_TOOL_OUTPUT",
    });
  });
});
