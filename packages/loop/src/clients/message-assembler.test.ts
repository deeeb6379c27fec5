import type { ContentBlock, Message } from "@keel/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageAssembler, type RawStreamEvent } from "./message-assembler.js";
import type { ModelStreamEvent } from "./model-client.js";
import { ModelClientError } from "./model-client-error.js";

/** The raw events for `message`, each text / JSON split at the given cut points. */
function eventsFor(message: Message, cuts: number[]): RawStreamEvent[] {
  const split = (text: string) => {
    const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
    const pieces: string[] = [];
    let start = 0;
    for (const point of [...points, text.length]) {
      pieces.push(text.slice(start, point));
      start = point;
    }
    return pieces;
  };
  const events: RawStreamEvent[] = [
    {
      type: "message_start",
      message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } },
    },
  ];
  message.content.forEach((block, index) => {
    const start = block.type === "text" ? { ...block, text: "" } : { ...block, input: {} };
    events.push({ type: "content_block_start", index, content_block: start });
    const deltas =
      block.type === "text"
        ? split(block.text as string).map((text) => ({ type: "text_delta", text }))
        : split(JSON.stringify((block as { input: unknown }).input)).map((partial_json) => ({
            type: "input_json_delta",
            partial_json,
          }));
    for (const delta of deltas) events.push({ type: "content_block_delta", index, delta });
    events.push({ type: "content_block_stop", index });
  });
  events.push(
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: message.usage,
    },
    { type: "message_stop" },
  );
  return events;
}

const blockArbitrary: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.string().map((text) => ({ type: "text", text })),
  fc
    .record({
      id: fc.string({ minLength: 1 }),
      name: fc.string({ minLength: 1 }),
      input: fc.dictionary(fc.string(), fc.jsonValue()),
    })
    .map((block) => ({ type: "tool_use", ...block })),
);

/** A complete message with `content`, stopping for tool_use when it calls a tool. */
const messageWith = (content: ContentBlock[]): Message => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content,
  stop_reason: content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 9, output_tokens: 4 },
});

const messageArbitrary: fc.Arbitrary<Message> = fc.array(blockArbitrary, { maxLength: 5 }).map(messageWith);

function assemble(events: RawStreamEvent[], onEvent?: (event: ModelStreamEvent) => void): Message {
  const assembler = new MessageAssembler(onEvent);
  for (const event of events) assembler.add(event);
  return assembler.finish();
}

describe("MessageAssembler", () => {
  it("rebuilds exactly the message its events describe, however the deltas are chunked", () => {
    fc.assert(
      fc.property(messageArbitrary, fc.array(fc.nat(), { maxLength: 6 }), (message, cuts) => {
        expect(assemble(eventsFor(message, cuts))).toEqual(JSON.parse(JSON.stringify(message)));
      }),
    );
  });

  it("forwards the text deltas that concatenate to each block's text, and each tool once", () => {
    fc.assert(
      fc.property(messageArbitrary, fc.array(fc.nat(), { maxLength: 6 }), (message, cuts) => {
        const texts = new Map<number, string>();
        const tools: number[] = [];
        assemble(eventsFor(message, cuts), (event) => {
          if (event.type === "text_delta")
            texts.set(event.index, (texts.get(event.index) ?? "") + event.text);
          if (event.type === "tool_use_complete") tools.push(event.index);
        });
        message.content.forEach((block, index) => {
          if (block.type === "text") expect(texts.get(index) ?? "").toBe(block.text);
        });
        expect(tools).toEqual(
          message.content.flatMap((block, index) => (block.type === "tool_use" ? [index] : [])),
        );
      }),
    );
  });

  it("keeps usage counters from message_start that message_delta leaves out", () => {
    const events = eventsFor(messageWith([]), []);
    events[events.length - 2] = {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 30, cache_read_input_tokens: null },
    };
    expect(assemble(events).usage).toEqual({ input_tokens: 1, output_tokens: 30 });
  });

  it("accumulates thinking and signature deltas into a thinking block without forwarding them", () => {
    const forwarded: ModelStreamEvent[] = [];
    const message = assemble(
      [
        {
          type: "message_start",
          message: {
            id: "m",
            type: "message",
            role: "assistant",
            model: "x",
            content: [],
            usage: { input_tokens: 1, output_tokens: 0 },
          },
        },
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "thinking", thinking: "", signature: "" },
        },
        { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Let me " } },
        { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "think." } },
        { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } },
        { type: "content_block_stop", index: 0 },
        {
          type: "message_delta",
          delta: { stop_reason: "end_turn", stop_sequence: null },
          usage: { output_tokens: 5 },
        },
        { type: "message_stop" },
      ],
      (event) => forwarded.push(event),
    );
    expect(message.content).toEqual([{ type: "thinking", thinking: "Let me think.", signature: "sig" }]);
    // The usage event (billing, at message_start) is not output; the thinking deltas are not forwarded.
    expect(forwarded.map((event) => event.type)).toEqual(["usage", "content_block_complete"]);
    expect(forwarded[0]).toEqual({ type: "usage", usage: { input_tokens: 1, output_tokens: 0 } });
  });

  it("treats a stream without message_stop as a dropped connection", () => {
    const events = eventsFor(messageWith([{ type: "text", text: "hi" }]), []).slice(0, -1);
    expect(() => assemble(events)).toThrow(
      expect.objectContaining({ kind: "connection" }) as unknown as Error,
    );
  });

  it("rejects a delta for a block that never started as an invalid response", () => {
    const assembler = new MessageAssembler(undefined);
    assembler.add({ type: "message_start", message: { content: [], usage: {} } });
    let thrown: unknown;
    try {
      assembler.add({ type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "x" } });
    } catch (error) {
      thrown = error;
    }
    expect(ModelClientError.isInstance(thrown) && thrown.kind).toBe("invalid_response");
  });
});
