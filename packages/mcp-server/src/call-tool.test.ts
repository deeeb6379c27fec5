import { businessError, isErrorOutcome } from "@keel/errors";
import { definePostHook, definePreHook } from "@keel/hooks";
import { idempotencyKey } from "@keel/tool-call";
import { describe, expect, it } from "vitest";
import { type ServerCallEnvironment, serveToolCall, type ToolCallRequest } from "./call-tool.js";
import { createSessionHistory } from "./session-history.js";
import { probeToolset } from "./testing/probe-tools.test-helpers.js";

const toolset = probeToolset({ slowMs: 1 });

function request(name: string, args: unknown, meta?: unknown): ToolCallRequest {
  return {
    callId: "call-1",
    runId: "run-1",
    name,
    arguments: args,
    meta,
    signal: new AbortController().signal,
  };
}

const environment = (extra: Partial<ServerCallEnvironment> = {}): ServerCallEnvironment => ({
  toolset,
  hooks: {},
  role: "agent",
  ...extra,
});

describe("serveToolCall", () => {
  it("passes the caller's role to the handler as metadata.role", async () => {
    const resolution = await serveToolCall(environment({ role: "readonly" }), request("whoami", {}));
    expect(resolution.outcome).toMatchObject({
      kind: "success",
      data: { role: "readonly", transport: "mcp" },
    });
  });

  it("treats missing arguments as an empty object", async () => {
    const resolution = await serveToolCall(environment(), request("whoami", undefined));
    expect(resolution.outcome.kind).toBe("success");
  });

  it("gives a write the same key for the same input in any key order", async () => {
    const first = await serveToolCall(environment(), request("record_note", { note: "a", tags: ["x"] }));
    const second = await serveToolCall(environment(), request("record_note", { tags: ["x"], note: "a" }));
    const key = (outcome: typeof first.outcome) =>
      outcome.kind === "success" ? (outcome.data as { key: string }).key : "";
    expect(key(first.outcome)).toBe(idempotencyKey("mcp-server", "record_note", { note: "a", tags: ["x"] }));
    expect(key(second.outcome)).toBe(key(first.outcome));
  });

  it("refuses a malformed client idempotency key before running the write", async () => {
    const resolution = await serveToolCall(
      environment(),
      request("record_note", { note: "a" }, { "dev.keel/idempotency-key": "has spaces" }),
    );
    expect(resolution.outcome).toMatchObject({ kind: "error", code: "INVALID_IDEMPOTENCY_KEY" });
    expect(resolution.executed).toBeNull();
  });

  it("blocks a write for the read-only role before any hook runs", async () => {
    let hookRan = false;
    const spy = definePreHook("spy", () => {
      hookRan = true;
      return { action: "allow" };
    });
    const resolution = await serveToolCall(
      environment({ role: "readonly", hooks: { pre: [spy] } }),
      request("record_note", { note: "a" }),
    );
    expect(resolution.outcome).toMatchObject({
      kind: "error",
      category: "permission",
      code: "WRITE_FORBIDDEN",
    });
    expect(hookRan).toBe(false);
  });

  it("checks the role again on the tool a hook redirected to", async () => {
    const toWrite = definePreHook("to-write", () => ({
      action: "redirect",
      tool: "record_note",
      input: { note: "from a hook" },
      reason: "test",
    }));
    const resolution = await serveToolCall(
      environment({ role: "readonly", hooks: { pre: [toWrite] } }),
      request("whoami", {}),
    );
    expect(resolution.outcome).toMatchObject({ code: "WRITE_FORBIDDEN" });
  });

  it("validates a hook's rewritten input like the model's", async () => {
    const breaks = definePreHook("breaks-input", () => ({
      action: "rewrite",
      input: { note: 42 },
      reason: "test",
    }));
    const resolution = await serveToolCall(
      environment({ hooks: { pre: [breaks] } }),
      request("record_note", { note: "fine" }),
    );
    expect(resolution.outcome).toMatchObject({ kind: "error", code: "HOOK_INVALID_CALL" });
    expect(resolution.executed).toBeNull();
  });

  it("reports a redirect with the requested and executed tools", async () => {
    const redirect = definePreHook("send-elsewhere", (call) =>
      call.name === "slow_echo"
        ? { action: "redirect", tool: "whoami", input: {}, reason: "echo is closed" }
        : { action: "allow" },
    );
    const resolution = await serveToolCall(
      environment({ hooks: { pre: [redirect] } }),
      request("slow_echo", { text: "hi" }),
    );
    expect(resolution.executed?.name).toBe("whoami");
    expect(resolution).toMatchObject({
      decision: "redirect",
      hook: "send-elsewhere",
      reason: "echo is closed",
    });
    expect(resolution.outcome).toMatchObject({
      kind: "success",
      data: { outcome: "redirected", requested_tool: "slow_echo", executed_tool: "whoami" },
    });
  });

  it("returns a blocking hook's error and runs nothing", async () => {
    const block = definePreHook("no", () => ({
      action: "block",
      error: businessError("NOT_TODAY", "Not today. Do not retry."),
    }));
    const resolution = await serveToolCall(environment({ hooks: { pre: [block] } }), request("whoami", {}));
    expect(resolution).toMatchObject({ executed: null, outcome: { code: "NOT_TODAY" } });
  });

  it("passes the outcome through the post hooks", async () => {
    const stamp = definePostHook("stamp", (_call, outcome) =>
      outcome.kind === "success"
        ? { ...outcome, data: { ...(outcome.data as object), stamped: true } }
        : outcome,
    );
    const resolution = await serveToolCall(environment({ hooks: { post: [stamp] } }), request("whoami", {}));
    expect(resolution.outcome).toMatchObject({ data: { stamped: true } });
  });

  it("records every call of a session, so later hooks see earlier outcomes", async () => {
    const history = createSessionHistory("session-1");
    const seen: number[] = [];
    const counter = definePreHook("counter", (_call, context) => {
      seen.push(context.history.length);
      return { action: "allow" };
    });
    const env = environment({ history, hooks: { pre: [counter] } });
    await serveToolCall(env, request("whoami", {}));
    await serveToolCall(env, request("no_such_tool", {}));
    await serveToolCall(env, request("whoami", {}));
    expect(seen).toEqual([0, 2]);
    expect(history.calls.map((call) => [call.executed, isErrorOutcome(call.outcome)])).toEqual([
      ["whoami", false],
      ["no_such_tool", true],
      ["whoami", false],
    ]);
  });
});
