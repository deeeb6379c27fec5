import { success } from "@keel/errors";
import type { Message } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { ModelClientError } from "../clients/model-client-error.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { answer, functionClient, reply, spyTool, toolUse } from "./run-fixtures.test-helpers.js";

describe("model failures become model_error, never a throw", () => {
  it("reports a ModelClientError's kind, status and retry fields", async () => {
    const overloaded = new ModelClientError("overloaded", "The API is overloaded; try again later.", {
      status: 529,
      retryAfterMs: 2000,
    });
    const client = new ScriptedClient([reply([toolUse("t1", "lookup")]), overloaded]);
    const result = await runAgent({ client, model: "m", tools: [spyTool("lookup", "read")], prompt: "go" });
    expect(result.status).toBe("model_error");
    expect(result.error).toEqual({
      kind: "overloaded",
      message: "The API is overloaded; try again later.",
      retryable: true,
      status: 529,
      retryAfterMs: 2000,
    });
    expect(result.iterations).toBe(1);
    expect(result.messages.at(-1)!.role).toBe("user");
    expect(result.text).toBe("");
  });

  it("ends a reply too deep to serialise as invalid_response, running none of its tools", async () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let depth = 0; depth < 20_000; depth++) deep = { next: deep };
    const lookup = spyTool("lookup", "read");
    const client = functionClient(
      async () => reply([{ type: "tool_use" as const, id: "t1", name: "lookup", input: deep }]) as Message,
    );
    const result = await runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    // Only primitives go to expect: the result holds the unprintable reply itself.
    const seen = { status: result.status, kind: result.error?.kind, ran: lookup.calls.length };
    expect(seen).toEqual({ status: "model_error", kind: "invalid_response", ran: 0 });
    expect(result.toolCalls.length).toBe(0);
  });

  it("turns a tool result too deep to serialise into an unclassified error, and the run goes on", async () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let depth = 0; depth < 20_000; depth++) deep = { next: deep };
    const lookup = spyTool("lookup", "read", () => success(deep));
    const client = new ScriptedClient([reply([toolUse("t1", "lookup")]), answer("Could not read it.")]);
    const result = await runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    expect(result.status).toBe("completed");
    expect(result.toolCalls[0]).toMatchObject({
      isError: true,
      category: "unclassified",
      code: "UNSERIALIZABLE_RESULT",
    });
    const results = result.messages[2]!.content as Array<{
      type: string;
      tool_use_id: string;
      is_error?: boolean;
    }>;
    expect(results[0]).toMatchObject({ type: "tool_result", tool_use_id: "t1", is_error: true });
  });

  it("reports an exhausted script as script_exhausted", async () => {
    const client = new ScriptedClient([reply([toolUse("t1", "lookup")])]);
    const result = await runAgent({ client, model: "m", tools: [spyTool("lookup", "read")], prompt: "go" });
    expect(result.error?.kind).toBe("script_exhausted");
  });

  it("reports a client that rejects with a plain Error as kind unknown", async () => {
    const client = functionClient(async () => {
      throw new TypeError("fetch failed");
    });
    const result = await runAgent({ client, model: "m", prompt: "go" });
    expect(result).toMatchObject({ status: "model_error", error: { kind: "unknown", retryable: false } });
    expect(result.error?.message).toContain("fetch failed");
  });

  it("reports a client that throws synchronously", async () => {
    const client = {
      name: "sync",
      create(): Promise<Message> {
        throw new Error("boom");
      },
    };
    const result = await runAgent({ client, model: "m", prompt: "go" });
    expect(result.status).toBe("model_error");
  });

  it("treats a response without a content array as invalid_response", async () => {
    const client = functionClient(async () => ({ type: "message" }) as unknown as Message);
    const result = await runAgent({ client, model: "m", prompt: "go" });
    expect(result.error?.kind).toBe("invalid_response");
  });

  it("ignores a throwing onEvent listener and still returns the whole trace", async () => {
    const result = await runAgent({
      client: new ScriptedClient([answer("ok")]),
      model: "m",
      prompt: "go",
      onEvent: () => {
        throw new Error("listener bug");
      },
    });
    expect(result.status).toBe("completed");
    expect(result.trace.map((event) => event.type)).toEqual(["run_start", "request", "response", "end"]);
  });

  it("delivers the trace live through onEvent, in order", async () => {
    const seen: string[] = [];
    const result = await runAgent({
      client: new ScriptedClient([reply([toolUse("t1", "lookup")]), answer("ok")]),
      model: "m",
      tools: [spyTool("lookup", "read")],
      prompt: "go",
      onEvent: (event) => seen.push(event.type),
    });
    expect(seen).toEqual(result.trace.map((event) => event.type));
  });
});
