import { readFileSync } from "node:fs";
import type { Message } from "@keel/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageResponse, textResponse, toolUseResponse } from "./index.js";
import { parseSse, rawPost, sdkClient, startServer, userRequest } from "./sdk.test-helpers.js";
import { chunks, messageEvents } from "./sse-events.js";
import { streamDurationMs } from "./stream-writer.js";
import { signThinking } from "./thinking-signatures.js";

const fixtureMessage = messageResponse({
  id: "msg_01FixtureTextAndToolUse",
  model: "claude-fixture",
  content: [
    { type: "text", text: "I'll check the weather in Paris for you." },
    {
      type: "tool_use",
      id: "toolu_01FixtureWeather",
      name: "get_weather",
      input: { city: "Paris", unit: "celsius" },
    },
  ],
  usage: { input_tokens: 412, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 58 },
});

const chunking = { textChunkSize: 24, jsonChunkSize: 12, emptyFirstJsonDelta: true };

function message(content: Message["content"]): Message {
  return {
    id: "msg_01Test",
    type: "message",
    role: "assistant",
    model: "claude-test-model",
    content,
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
  };
}

describe("the SSE wire format", () => {
  it("streams a text and tool_use message byte for byte as the committed fixture", async () => {
    const fixture = readFileSync(new URL("./__fixtures__/text-and-tool-use.sse", import.meta.url), "utf8");
    const server = await startServer({ script: [fixtureMessage] });
    const answer = await rawPost(server, { ...userRequest(), stream: true });

    expect(answer.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(answer.text).toBe(fixture);
  });

  it("sends message_start, block start, ping, deltas, block stop, message_delta and message_stop in order", async () => {
    const server = await startServer({ script: [fixtureMessage] });
    const events = parseSse((await rawPost(server, { ...userRequest(), stream: true })).text);

    expect(events.map(({ event, data }) => `${event}${"index" in data ? `:${data.index}` : ""}`)).toEqual([
      "message_start",
      "content_block_start:0",
      "ping",
      "content_block_delta:0",
      "content_block_delta:0",
      "content_block_stop:0",
      "content_block_start:1",
      "content_block_delta:1",
      "content_block_delta:1",
      "content_block_delta:1",
      "content_block_delta:1",
      "content_block_stop:1",
      "message_delta",
      "message_stop",
    ]);
    for (const { event, data } of events) expect(data.type).toBe(event);
  });

  it("starts the message with empty content, a null stop_reason and usage", () => {
    const [start] = messageEvents(message([{ type: "text", text: "hi" }]), chunking);
    const data = parseSse(start!.text)[0]!.data as { message: Record<string, unknown> };
    expect(data.message).toMatchObject({ content: [], stop_reason: null, stop_sequence: null });
    expect(data.message.usage).toMatchObject({ input_tokens: 10, output_tokens: 1 });
  });

  it("starts a tool_use block with empty input and an empty first partial_json", () => {
    const events = parseSse(
      messageEvents(
        message([{ type: "tool_use", id: "toolu_01A", name: "lookup", input: { id: 42 } }]),
        chunking,
      )
        .map((event) => event.text)
        .join(""),
    );
    expect(events[1]?.data.content_block).toEqual({
      type: "tool_use",
      id: "toolu_01A",
      name: "lookup",
      input: {},
    });
    expect(events[3]?.data.delta).toEqual({ type: "input_json_delta", partial_json: "" });
  });

  it("ends with message_delta carrying stop_reason, stop_sequence and output_tokens", () => {
    const events = messageEvents(
      { ...message([{ type: "text", text: "a" }]), stop_reason: "stop_sequence", stop_sequence: "###" },
      chunking,
    );
    expect(parseSse(events.at(-2)!.text)[0]?.data).toEqual({
      type: "message_delta",
      delta: { stop_reason: "stop_sequence", stop_sequence: "###" },
      usage: { output_tokens: 5 },
    });
  });

  it("pings right after message_start when the message has no content", () => {
    const names = parseSse(
      messageEvents(message([]), chunking)
        .map((event) => event.text)
        .join(""),
    ).map((e) => e.event);
    expect(names).toEqual(["message_start", "ping", "message_delta", "message_stop"]);
  });

  it("sends a whole tool input in one piece after the empty delta only when no chunking is asked", () => {
    const events = messageEvents(
      message([{ type: "tool_use", id: "toolu_01A", name: "lookup", input: { id: 42 } }]),
      { ...chunking, jsonChunkSize: 1000, emptyFirstJsonDelta: false },
    );
    const deltas = events
      .filter((event) => event.kind === "delta")
      .map((event) => parseSse(event.text)[0]?.data.delta);
    expect(deltas).toEqual([{ type: "input_json_delta", partial_json: '{"id":42}' }]);
  });

  it("streams thinking as thinking_delta then signature_delta, which the SDK reassembles", async () => {
    const thinking = {
      type: "thinking",
      thinking: "The user wants the weather; call the tool.",
      signature: "sig-123",
    };
    const server = await startServer({
      script: [messageResponse({ content: [thinking, { type: "text", text: "ok" }] })],
    });
    const final = await sdkClient(server).messages.stream(userRequest()).finalMessage();
    // The fake signs what it serves, as the real API does (a block altered later fails that signature).
    expect(final.content[0]).toEqual({ ...thinking, signature: signThinking(thinking.thinking) });
  });

  it("delivers the SDK every event type in order, through messages.stream", async () => {
    const server = await startServer({
      script: [toolUseResponse([{ name: "get_weather", input: { city: "Paris" } }], { text: "Checking." })],
    });
    const types: string[] = [];
    const stream = sdkClient(server).messages.stream(userRequest());
    stream.on("streamEvent", (event) => types.push(event.type));
    await stream.finalMessage();
    expect(types[0]).toBe("message_start");
    expect(types.slice(-2)).toEqual(["message_delta", "message_stop"]);
    expect(types.filter((type) => type === "content_block_start")).toHaveLength(2);
  });

  it("rebuilds any text and tool input exactly from its deltas", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (text, input, textChunkSize, jsonChunkSize) => {
          const events = messageEvents(
            message([
              { type: "text", text },
              { type: "tool_use", id: "toolu_01P", name: "p", input },
            ]),
            { textChunkSize, jsonChunkSize, emptyFirstJsonDelta: true },
          );
          let rebuiltText = "";
          let rebuiltJson = "";
          for (const event of events.filter((candidate) => candidate.kind === "delta")) {
            const delta = parseSse(event.text)[0]?.data.delta as { text?: string; partial_json?: string };
            rebuiltText += delta.text ?? "";
            rebuiltJson += delta.partial_json ?? "";
          }
          expect(rebuiltText).toBe(text);
          expect(JSON.parse(rebuiltJson === "" ? "{}" : rebuiltJson)).toEqual(
            JSON.parse(JSON.stringify(input)),
          );
        },
      ),
    );
  });

  it("never splits a surrogate pair between two chunks", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 8 }), (text, size) => {
        const pieces = chunks(text, size);
        expect(pieces.join("")).toBe(text);
        for (const piece of pieces) expect(piece).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
      }),
    );
  });
});

describe("stream timing", () => {
  const twoTools = message([
    { type: "tool_use", id: "toolu_01A", name: "a", input: {} },
    { type: "tool_use", id: "toolu_01B", name: "b", input: {} },
  ]);

  it("waits blockDelayMs before every content block", () => {
    expect(streamDurationMs(messageEvents(twoTools, chunking), { eventDelayMs: 0, blockDelayMs: 100 })).toBe(
      200,
    );
  });

  it("takes one delay per block index from an array", () => {
    expect(
      streamDurationMs(messageEvents(twoTools, chunking), { eventDelayMs: 0, blockDelayMs: [0, 450] }),
    ).toBe(450);
  });

  it("waits eventDelayMs between consecutive events", () => {
    const events = messageEvents(twoTools, chunking);
    expect(streamDurationMs(events, { eventDelayMs: 5, blockDelayMs: 0 })).toBe(5 * (events.length - 1));
  });

  it("streams a delayed message completely to the SDK", async () => {
    const server = await startServer({
      script: [textResponse("slow but complete")],
      streaming: { eventDelayMs: 1, blockDelayMs: 2, textChunkSize: 4 },
    });
    const final = await sdkClient(server).messages.stream(userRequest()).finalMessage();
    expect(final.content).toEqual([{ type: "text", text: "slow but complete" }]);
  });
});
