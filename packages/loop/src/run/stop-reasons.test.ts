import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { customerTools, reply, text, toolUse } from "./run-fixtures.test-helpers.js";

const run = (client: ScriptedClient, extra: { maxPauseTurns?: number } = {}) => {
  const tools = customerTools();
  return runAgent({ client, model: "m", tools: Object.values(tools), prompt: "help", ...extra }).then(
    (result) => ({
      result,
      tools,
    }),
  );
};

describe("every stop reason is handled on purpose", () => {
  it("end_turn completes with the reply's text", async () => {
    const { result } = await run(new ScriptedClient([reply([text("Hello "), text("there.")], "end_turn")]));
    expect(result).toMatchObject({
      status: "completed",
      text: "Hello there.",
      modelRequests: 1,
      iterations: 0,
    });
    expect(result.stopDetails).toEqual({ stopReason: "end_turn", stopSequence: null });
  });

  it("stop_sequence completes and reports the sequence", async () => {
    const client = new ScriptedClient([reply([text("A")], "stop_sequence", { stop_sequence: "###" })]);
    const { result } = await run(client);
    expect(result.status).toBe("completed");
    expect(result.stopDetails).toEqual({ stopReason: "stop_sequence", stopSequence: "###" });
  });

  it("pause_turn continues by sending the paused assistant turn back as the last message", async () => {
    const client = new ScriptedClient([
      reply([{ type: "server_tool_use", id: "srv_1", name: "web_search", input: {} }], "pause_turn"),
      reply([text("Found it.")], "end_turn"),
    ]);
    const { result } = await run(client);
    expect(result.status).toBe("completed");
    expect(client.requests[1]!.messages).toHaveLength(2);
    expect(client.requests[1]!.messages[1]!.role).toBe("assistant");
    expect(result.iterations).toBe(0);
  });

  it("pause_turn is bounded by maxPauseTurns, with its own status", async () => {
    const client = new ScriptedClient(() => reply([text("still working")], "pause_turn"));
    const { result } = await run(client, { maxPauseTurns: 2 });
    expect(result.status).toBe("max_pause_turns");
    expect(result.modelRequests).toBe(3);
    expect(result.stopDetails).toMatchObject({ stopReason: "pause_turn", limit: "maxPauseTurns" });
  });

  it("maxPauseTurns counts consecutive pauses only: a tool round in between starts the count again", async () => {
    const pause = reply([text("searching")], "pause_turn");
    const client = new ScriptedClient([
      pause,
      pause,
      reply([toolUse("t1", "lookup_order", { order_id: "O-1" })], "tool_use"),
      pause,
      pause,
      reply([text("Found it.")], "end_turn"),
    ]);
    const { result } = await run(client, { maxPauseTurns: 2 });
    expect(result.status).toBe("completed");
    expect(result.modelRequests).toBe(6);
  });

  it("max_tokens is truncated and a cut-off tool_use never runs", async () => {
    const client = new ScriptedClient([
      reply([text("Refunding"), toolUse("t1", "process_refund", { amount: 10 })], "max_tokens"),
    ]);
    const { result, tools } = await run(client);
    expect(result.status).toBe("truncated");
    expect(result.text).toBe("Refunding");
    expect(tools.processRefund.calls).toHaveLength(0);
    expect(result.toolCalls).toEqual([]);
    expect(result.trace).toContainEqual(expect.objectContaining({ type: "tool_use_ignored", id: "t1" }));
  });

  it("max_tokens runs none of that turn's calls, and no unanswered tool_use enters the history", async () => {
    const client = new ScriptedClient([
      reply(
        [toolUse("t1", "lookup_order", { order_id: "O-1" }), toolUse("t2", "process_refund", { amount: 1 })],
        "max_tokens",
      ),
    ]);
    const { result, tools } = await run(client);
    expect(result.status).toBe("truncated");
    expect(tools.processRefund.calls).toHaveLength(0);
    expect(result.toolCalls).toEqual([]);
    // The turn held only tool_use blocks that will never be answered: it is left out whole.
    expect(result.messages.at(-1)!.role).toBe("user");
    expect(JSON.stringify(result.messages)).not.toContain('"tool_use"');
  });

  it("refusal is refused, with the stop details", async () => {
    const details = { type: "refusal", category: "cyber", explanation: "Not able to help with that." };
    const client = new ScriptedClient([reply([text("I can't help.")], "refusal", { stop_details: details })]);
    const { result } = await run(client);
    expect(result.status).toBe("refused");
    expect(result.stopDetails).toEqual({ stopReason: "refusal", stopSequence: null, details });
  });

  it("model_context_window_exceeded has its own status", async () => {
    const client = new ScriptedClient([reply([text("partial")], "model_context_window_exceeded")]);
    const { result } = await run(client);
    expect(result.status).toBe("context_window_exceeded");
  });

  it("end_turn with a tool_use block completes without running it: the stop reason decides", async () => {
    const client = new ScriptedClient([
      reply([text("Done."), toolUse("t1", "process_refund", { amount: 1 })], "end_turn"),
    ]);
    const { result, tools } = await run(client);
    expect(result.status).toBe("completed");
    expect(tools.processRefund.calls).toHaveLength(0);
    expect(result.trace).toContainEqual(
      expect.objectContaining({
        type: "tool_use_ignored",
        id: "t1",
        reason: "stop_reason",
        stopReason: "end_turn",
      }),
    );
  });

  it("tool_use without any tool_use block is an invalid response", async () => {
    const client = new ScriptedClient([reply([text("I will call a tool.")], "tool_use")]);
    const { result } = await run(client);
    expect(result.status).toBe("model_error");
    expect(result.error?.kind).toBe("invalid_response");
  });

  it("a null stop_reason is an invalid response, not a completion", async () => {
    const client = new ScriptedClient([{ content: [text("?")], stop_reason: null }]);
    const { result } = await run(client);
    expect(result.status).toBe("model_error");
    expect(result.error?.kind).toBe("invalid_response");
  });
});
