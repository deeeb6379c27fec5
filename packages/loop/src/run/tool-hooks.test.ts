import { permissionError, success } from "@keel/errors";
import { conversationCalls, definePostHook, definePreHook, type HookContext } from "@keel/hooks";
import { describe, expect, it } from "vitest";
import type { ScriptedClient } from "../clients/scripted-client.js";
import {
  answer,
  customerTools,
  oneCall,
  reply,
  runScript,
  text,
  toolUse,
} from "./run-fixtures.test-helpers.js";

const resultBlock = (client: ScriptedClient) =>
  (client.requests[1]!.messages[2]!.content as Array<Record<string, unknown>>)[0]!;

describe("each call: validate → pre-hooks → run, redirect or block → post-hooks → tool_result", () => {
  it("a block never runs the handler; the model gets the hook's error with the call's id", async () => {
    const { processRefund } = customerTools();
    const deny = definePreHook("deny-refunds", () => ({
      action: "block",
      error: permissionError("REFUNDS_DISABLED", "Refunds are disabled; escalate to a human."),
    }));
    const { client, result } = await runScript(oneCall("process_refund", { amount: 5 }), {
      tools: [processRefund],
      hooks: { pre: [deny] },
    });
    expect(processRefund.calls).toHaveLength(0);
    expect(resultBlock(client)).toMatchObject({ tool_use_id: "t1", is_error: true });
    expect(result.toolCalls[0]).toMatchObject({
      decision: "block",
      hook: "deny-refunds",
      executed: null,
      code: "REFUNDS_DISABLED",
      attempts: 0,
    });
  });

  it("a rewrite runs the same tool with the new, re-validated input", async () => {
    const { lookupOrder } = customerTools();
    const upper = definePreHook("upper-case-ids", (call) => ({
      action: "rewrite",
      input: { order_id: String((call.input as { order_id: string }).order_id).toUpperCase() },
      reason: "ids are upper case",
    }));
    const { result } = await runScript(oneCall("lookup_order", { order_id: "o-7" }), {
      tools: [lookupOrder],
      hooks: { pre: [upper] },
    });
    expect(lookupOrder.calls[0]!.input).toEqual({ order_id: "O-7" });
    expect(result.toolCalls[0]).toMatchObject({
      decision: "rewrite",
      input: { order_id: "o-7" },
      executedInput: { order_id: "O-7" },
    });
  });

  it("a redirect to a tool that does not exist fails closed and runs nothing", async () => {
    const { processRefund } = customerTools();
    const redirect = definePreHook("to-nowhere", () => ({
      action: "redirect",
      tool: "no_such_tool",
      input: {},
      reason: "x",
    }));
    const { client, result } = await runScript(oneCall("process_refund", { amount: 5 }), {
      tools: [processRefund],
      hooks: { pre: [redirect] },
    });
    expect(processRefund.calls).toHaveLength(0);
    expect(result.toolCalls[0]).toMatchObject({
      decision: "redirect",
      executed: null,
      code: "HOOK_INVALID_CALL",
    });
    expect(resultBlock(client)).toMatchObject({ tool_use_id: "t1", is_error: true });
  });

  it("an invalid call never reaches the hooks and goes back to the model as a validation error", async () => {
    const { lookupOrder } = customerTools();
    let decided = 0;
    const count = definePreHook("count", () => {
      decided += 1;
      return { action: "allow" };
    });
    const { result } = await runScript(oneCall("lookup_ordr", { order_id: "O-1" }), {
      tools: [lookupOrder],
      hooks: { pre: [count] },
    });
    expect(decided).toBe(0);
    expect(result.toolCalls[0]).toMatchObject({
      decision: null,
      category: "validation",
      code: "UNKNOWN_TOOL",
    });
  });

  it("a throwing pre-hook fails closed: the tool does not run", async () => {
    const { processRefund } = customerTools();
    const broken = definePreHook("broken", () => {
      throw new Error("bug");
    });
    const { result } = await runScript(oneCall("process_refund", { amount: 5 }), {
      tools: [processRefund],
      hooks: { pre: [broken] },
    });
    expect(processRefund.calls).toHaveLength(0);
    expect(result.toolCalls[0]).toMatchObject({ decision: "block", code: "HOOK_FAILED" });
  });

  it("hooks see the run: earlier calls with their outcomes, the whole batch, the round and the metadata", async () => {
    const { getCustomer, lookupOrder } = customerTools();
    const contexts: HookContext[] = [];
    const spy = definePreHook("spy", (_call, context) => {
      contexts.push({ ...context, history: [...context.history], batch: [...context.batch] });
      return { action: "allow" };
    });
    await runScript(
      [
        reply([toolUse("a", "get_customer", { email: "a@b.c" })]),
        reply([
          toolUse("b", "lookup_order", { order_id: "O-1" }),
          toolUse("c", "lookup_order", { order_id: "O-2" }),
        ]),
        answer("ok"),
      ],
      {
        tools: [getCustomer, lookupOrder],
        hooks: { pre: [spy] },
        metadata: { role: "agent" },
        idGenerator: () => "run-7",
        cache: false,
      },
    );
    const last = contexts.at(-1)!;
    expect(last).toMatchObject({ runId: "run-7", iteration: 2, metadata: { role: "agent" } });
    expect(last.history.map((entry) => [entry.call.id, entry.executed, entry.outcome.isError])).toEqual([
      ["a", "get_customer", false],
    ]);
    expect(last.batch.map((call) => call.id)).toEqual(["b", "c"]);
  });

  it("hooks see the conversation: earlier runs' turns and this call's own turn, the live history by reference", async () => {
    const { getCustomer, lookupOrder } = customerTools();
    const seen: {
      messages: HookContext["messages"];
      length: number;
      newest: unknown;
      calls: string[];
    }[] = [];
    const spy = definePreHook("spy", (_call, context) => {
      seen.push({
        messages: context.messages,
        length: context.messages.length,
        newest: context.messages.at(-1),
        calls: conversationCalls(context.messages).map(({ call, outcome }) => `${call.id}:${outcome?.kind}`),
      });
      return { action: "allow" };
    });
    const options = { tools: [getCustomer, lookupOrder], hooks: { pre: [spy] }, cache: false };
    const first = await runScript(
      [reply([toolUse("a", "get_customer", { email: "a@b.c" })]), answer("ok")],
      options,
    );
    // The next user turn is a new run carrying the messages over: its hooks find the earlier call there.
    await runScript(
      [
        reply([text("Looking."), toolUse("b", "lookup_order", { order_id: "O-1" })]),
        reply([toolUse("c", "lookup_order", { order_id: "O-2" })]),
        answer("ok"),
      ],
      {
        ...options,
        prompt: undefined,
        messages: [...first.result.messages, { role: "user", content: "and my orders?" }],
      },
    );
    const [, second, third] = seen;
    expect(second!.calls).toEqual(["a:success", "b:undefined"]);
    expect(second!.newest).toMatchObject({
      role: "assistant",
      content: [{ text: "Looking." }, { id: "b" }],
    });
    expect(third!.calls).toEqual(["a:success", "b:success", "c:undefined"]);
    // One array per run, grown in place: no copy per call.
    expect(third!.messages).toBe(second!.messages);
    expect([second!.length, third!.length]).toEqual([6, 8]);
  });

  it("post-hooks see the executed tool, and the model is told the requested tool did not run", async () => {
    const { processRefund, escalate } = customerTools();
    const redirect = definePreHook("escalate-all", () => ({
      action: "redirect",
      tool: "escalate_to_human",
      input: { reason: "policy" },
      reason: "policy",
    }));
    const names: string[] = [];
    const stamp = definePostHook("stamp", (call, outcome) => {
      names.push(call.name);
      return outcome.kind === "success" ? success({ stamped: true }) : outcome;
    });
    const { client } = await runScript(oneCall("process_refund", { amount: 5 }), {
      tools: [processRefund, escalate],
      hooks: { pre: [redirect], post: [stamp] },
    });
    expect(names).toEqual(["escalate_to_human"]);
    const block = resultBlock(client);
    expect(block).toMatchObject({ tool_use_id: "t1" });
    expect(JSON.parse(String(block.content))).toMatchObject({
      outcome: "redirected",
      requested_tool: "process_refund",
      executed_tool: "escalate_to_human",
      result: { stamped: true },
    });
  });
});
