import type { Message, MessageCreateRequest, MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import type { ModelStreamEvent } from "./model-client.js";
import { ModelClientError } from "./model-client-error.js";
import { rejection } from "./model-client-error.test-helpers.js";
import { ScriptedClient } from "./scripted-client.js";

const requestWith = (messages: MessageParam[]): MessageCreateRequest => ({
  model: "claude-test",
  max_tokens: 512,
  messages,
});

const fullMessage: Message = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-real",
  content: [{ type: "text", text: "Hello" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 3, output_tokens: 1 },
};

describe("ScriptedClient", () => {
  it("serves full Message objects in order, unchanged", async () => {
    const second = { ...fullMessage, id: "msg_2" };
    const client = new ScriptedClient([fullMessage, second]);
    await expect(client.create(requestWith([{ role: "user", content: "a" }]))).resolves.toEqual(fullMessage);
    await expect(client.create(requestWith([{ role: "user", content: "b" }]))).resolves.toEqual(second);
  });

  it("completes a partial message with ids, model, usage and a stop_reason that fits its blocks", async () => {
    const client = new ScriptedClient([
      { content: [{ type: "tool_use", name: "lookup_order", input: { id: 1 } }] },
    ]);
    const message = await client.create(requestWith([{ role: "user", content: "where?" }]));
    expect(message).toEqual({
      id: "msg_scripted_0",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [{ type: "tool_use", id: "toolu_scripted_0_0", name: "lookup_order", input: { id: 1 } }],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
  });

  it("never hands out the script's own objects, so a caller cannot change the script", async () => {
    const script = [{ content: [{ type: "text", text: "same" }] }];
    const client = new ScriptedClient(() => script[0]);
    const first = await client.create(requestWith([]));
    (first.content[0] as { text: string }).text = "changed";
    const second = await client.create(requestWith([]));
    expect(second.content[0]).toEqual({ type: "text", text: "same" });
  });

  it("records requests as snapshots that later appends and edits by the caller do not change", async () => {
    const client = new ScriptedClient([fullMessage, fullMessage]);
    const history: MessageParam[] = [{ role: "user", content: "first" }];
    await client.create(requestWith(history));
    history.push({ role: "assistant", content: "reply" }, { role: "user", content: "second" });
    await client.create(requestWith(history));
    history[0] = { role: "user", content: "rewritten" };
    expect(client.requests.map((request) => request.messages.length)).toEqual([1, 3]);
    expect(client.requests[0]?.messages[0]).toEqual({ role: "user", content: "first" });
    expect(Object.isFrozen(client.requests[1]?.messages[1])).toBe(true);
  });

  it("deep-copies each message once and shares the copy across snapshots (append-only history)", async () => {
    const client = new ScriptedClient([fullMessage, fullMessage]);
    const history: MessageParam[] = [{ role: "user", content: [{ type: "text", text: "q" }] }];
    await client.create(requestWith(history));
    history.push({ role: "assistant", content: "a" });
    await client.create(requestWith(history));
    expect(client.requests[1]?.messages[0]).toBe(client.requests[0]?.messages[0]);
    expect(client.requests[1]?.messages[0]).not.toBe(history[0]);
  });

  it("fails loudly with script_exhausted, naming how many responses were served", async () => {
    const client = new ScriptedClient([fullMessage]);
    await client.create(requestWith([{ role: "user", content: "a" }]));
    const error = await rejection(
      client.create(
        requestWith([
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "42" }] },
        ]),
      ),
    );
    expect(error.kind).toBe("script_exhausted");
    expect(error.message).toContain("all 1 scripted responses were served");
    expect(error.message).toContain("tool_result toolu_9");
    expect(client.requests).toHaveLength(2);
  });

  it("computes responses from a function given the request and its index", async () => {
    const client = new ScriptedClient((request, index) => ({
      content: [{ type: "text", text: `#${index}: ${request.messages.length} messages` }],
    }));
    const message = await client.create(requestWith([{ role: "user", content: "hi" }]));
    expect(message.content).toEqual([{ type: "text", text: "#0: 1 messages" }]);
  });

  it("treats a function that returns nothing as the end of the script", async () => {
    const client = new ScriptedClient((_request, index) => (index === 0 ? { content: [] } : undefined));
    await client.create(requestWith([]));
    const error = await rejection(client.create(requestWith([])));
    expect(error.kind).toBe("script_exhausted");
    expect(error.message).toContain("served 1 responses");
  });

  it("rejects with a scripted ModelClientError, to script model failures", async () => {
    const overloaded = new ModelClientError("overloaded", "scripted overload");
    const client = new ScriptedClient([overloaded, fullMessage]);
    await expect(client.create(requestWith([]))).rejects.toBe(overloaded);
    await expect(client.create(requestWith([]))).resolves.toEqual(fullMessage);
  });

  it("refuses a malformed script when constructed, naming the JSON path", () => {
    const malformed = [{ content: [{ type: "tool_use", input: {} }] }] as never;
    expect(() => new ScriptedClient(malformed)).toThrow(/script\[0\]\.content\[0\]\.name/);
  });

  it("rejects a malformed function result with invalid_response", async () => {
    const client = new ScriptedClient(() => ({ content: "not blocks" }) as never);
    const error = await rejection(client.create(requestWith([])));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("response #1.content");
  });

  it("replays each response as stream events before resolving", async () => {
    const client = new ScriptedClient([
      {
        content: [
          { type: "text", text: "Checking." },
          { type: "tool_use", id: "t1", name: "lookup", input: {} },
        ],
      },
    ]);
    const events: ModelStreamEvent[] = [];
    await client.create(requestWith([]), { onEvent: (event) => events.push(event) });
    expect(events.map((event) => `${event.type}:${"index" in event ? event.index : ""}`)).toEqual([
      "text_delta:0",
      "content_block_complete:0",
      "tool_use_complete:1",
      "content_block_complete:1",
    ]);
  });

  it("does not report the tool_use that a max_tokens response was cut off in", async () => {
    const client = new ScriptedClient([
      { content: [{ type: "tool_use", id: "t1", name: "lookup", input: {} }], stop_reason: "max_tokens" },
    ]);
    const events: ModelStreamEvent[] = [];
    await client.create(requestWith([]), { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.type)).toEqual(["content_block_complete"]);
  });

  it("rejects with aborted, without using a scripted response, when the signal already fired", async () => {
    const client = new ScriptedClient([fullMessage]);
    const error = await rejection(client.create(requestWith([]), { signal: AbortSignal.abort() }));
    expect(error.kind).toBe("aborted");
    await expect(client.create(requestWith([]))).resolves.toEqual(fullMessage);
  });
});
