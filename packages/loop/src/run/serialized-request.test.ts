import type { Message, MessageCreateRequest, MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { AnthropicClient, type AnthropicClientOptions } from "../clients/anthropic-client.js";
import type { ModelRequestOptions } from "../clients/model-client.js";
import { formatSse, sseEventsFor } from "../clients/sse-server.test-helpers.js";
import { BREAKPOINT_BYTES, markedTurnJson, withNewestTurnBreakpoint } from "./cache-control.js";
import { Conversation } from "./conversation.js";
import { runAgent } from "./run-agent.js";
import { message, spyTool, text, toolUse } from "./run-fixtures.test-helpers.js";
import type { RunOptions } from "./run-options.js";

/**
 * The loop hands the Anthropic client its own JSON of each request, built from each message's JSON made once
 * (Conversation.build), so the history is not serialised again every round. What goes over the wire must be
 * the very bytes the client would have made itself: every body is compared with a run whose client
 * serialises each request (a subclass overriding `create`, which the shortcut never takes).
 */

/** The model's replies, in order: a tool round naming a code-execution container, a second round, an answer. */
const replies = (): Message[] => [
  {
    ...message([text("Lööking ✓"), toolUse("t1", "lookup", { q: "ü" })], "tool_use", 0),
    container: { id: "ctr_1", expires_at: "2026-12-01T00:00:00Z" },
  } as Message,
  message([toolUse("t2", "lookup", { q: 2 }), toolUse("t3", "search", { q: [3, "x"] })], "tool_use", 1),
  message([text("Done — “quoted” \u2028 line.")], "end_turn", 2),
];

/** The request bodies one run sends, as the server receives them, through an in-process fetch. */
async function bodiesOf(
  makeClient: (options: AnthropicClientOptions) => AnthropicClient,
  stream: boolean,
  run: Partial<RunOptions>,
): Promise<string[]> {
  const bodies: string[] = [];
  const queue = replies();
  const client = makeClient({
    apiKey: "sk-ant-test",
    baseURL: "http://127.0.0.1:9",
    stream,
    fetch: async (_input, init) => {
      bodies.push(String(init?.body));
      const reply = queue.shift() ?? message([text("no more replies")], "end_turn", 9);
      return stream
        ? new Response(sseEventsFor(reply).map(formatSse).join(""), {
            headers: { "content-type": "text/event-stream" },
          })
        : new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } });
    },
  });
  const result = await runAgent({
    client,
    model: "claude-test",
    tools: [spyTool("search", "read"), spyTool("lookup", "read")],
    ...(run.messages === undefined ? { prompt: "gø" } : {}),
    ...run,
  });
  expect(result.status === "completed" || result.status === "max_iterations").toBe(true);
  return bodies;
}

/** Serialises each request itself: `create` is not AnthropicClient's own, so the loop's JSON is not used. */
class SelfSerializingClient extends AnthropicClient {
  override create(request: MessageCreateRequest, options?: ModelRequestOptions): Promise<Message> {
    return super.create(request, options);
  }
}

const runs: Array<[string, Partial<RunOptions>]> = [
  ["defaults (prompt caching on)", {}],
  ["a system prompt, caching off", { system: "Be brief — ünïcode ✓", cache: false }],
  [
    "system blocks, the final request's tool_choice",
    { system: [{ type: "text", text: "S" }], maxIterations: 1 },
  ],
  [
    "earlier messages with string and block content",
    {
      messages: [
        { role: "user", content: "first" },
        { role: "assistant", content: [text("an earlier answer")] },
        { role: "user", content: [text("now go")] },
      ],
    },
  ],
  [
    "request parameters",
    { request: { temperature: 0.5, metadata: { user_id: "u-1" }, stop_sequences: ["END"] } },
  ],
  [
    "betas (sent as a header, so serialised by the client)",
    { request: { betas: ["context-1m-2025-08-07"] } },
  ],
  ["no betas (an empty list: no header, no field)", { request: { betas: [] } }],
];

describe("the request JSON the loop hands the Anthropic client", () => {
  for (const stream of [false, true]) {
    for (const [name, run] of runs) {
      it(`is byte for byte what the client would serialise: ${name}, ${stream ? "streaming" : "JSON"}`, async () => {
        const fast = await bodiesOf((options) => new AnthropicClient(options), stream, run);
        const plain = await bodiesOf((options) => new SelfSerializingClient(options), stream, run);
        expect(fast.length).toBeGreaterThanOrEqual(2);
        expect(fast).toEqual(plain);
        const { betas: _header, ...parameters } = run.request ?? {};
        for (const body of fast) expect(JSON.parse(body)).toMatchObject({ ...parameters, stream });
      });
    }
  }

  it("is JSON.stringify(request) for every request a conversation builds", () => {
    const options = {
      model: "m",
      maxTokens: 64,
      system: "s",
      initialMessages: [{ role: "user" as const, content: "hi ✓" }],
    };
    const tools = [{ name: "t", description: "d", input_schema: { type: "object" } }];
    // The final request's tool_choice comes last before `messages`, or in place of the run's own.
    const requests = [{ temperature: 0 }, { tool_choice: { type: "auto" as const }, temperature: 0 }];
    for (const [cache, request] of [true, false].flatMap((cache) =>
      requests.map((r) => [cache, r] as const),
    )) {
      const conversation = new Conversation({ ...options, cache, request }, tools);
      const check = (final: boolean) => {
        const { request, json, bytes } = conversation.build(final);
        expect(json).toBe(JSON.stringify(request));
        expect(bytes).toBe(Buffer.byteLength(json));
      };
      check(false);
      conversation.append({ role: "assistant", content: [toolUse("a", "t", { x: 1 })] });
      conversation.append({
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "a", content: "ok" }],
      });
      check(false);
      conversation.container = "ctr_2";
      check(false);
      check(true);
    }
  });
});

describe("the newest turn's JSON with its breakpoint (markedTurnJson)", () => {
  const result = (id: string, content: string) => ({
    type: "tool_result" as const,
    tool_use_id: id,
    content,
  });
  const withJson = <T extends object>(value: T, json: string): T =>
    Object.assign(value, { toJSON: () => JSON.parse(json) });
  const turns: Array<[string, MessageParam, boolean]> = [
    [
      "tool results, the last one marked",
      { role: "user", content: [result("a", "ok ✓"), result("b", '"q"')] },
      true,
    ],
    [
      "an assistant reply",
      { role: "assistant", content: [text("Lööking"), toolUse("t", "lookup", { q: 1 })] },
      true,
    ],
    ["string content", { role: "user", content: "hi" }, false],
    [
      "the last block not cacheable",
      {
        role: "assistant",
        content: [text("x"), { type: "thinking", thinking: "t", signature: "s" }] as MessageParam["content"],
      },
      false,
    ],
    [
      "a cache_control already there, null",
      {
        role: "user",
        content: [{ ...result("a", "ok"), cache_control: null }] as unknown as MessageParam["content"],
      },
      false,
    ],
    ["content before role", { content: [result("a", "ok")], role: "user" }, false],
    [
      "another key on the message",
      { role: "user", content: [result("a", "ok")], extra: 1 } as MessageParam,
      false,
    ],
    [
      "a block with toJSON",
      { role: "user", content: [withJson(result("a", "ok"), '{"type":"text","text":"j"}')] },
      false,
    ],
    [
      "a message with toJSON",
      withJson({ role: "user" as const, content: [result("a", "ok")] }, '{"role":"user","content":"j"}'),
      false,
    ],
  ];
  for (const [name, turn, derived] of turns) {
    it(`is JSON.stringify of the marked turn, or undefined: ${name}`, () => {
      const marked = withNewestTurnBreakpoint(turn);
      if (marked === undefined) return;
      const json = markedTurnJson(turn, JSON.stringify(turn), marked);
      expect(json === undefined ? "serialised" : "derived").toBe(derived ? "derived" : "serialised");
      if (json !== undefined) {
        expect(json).toBe(JSON.stringify(marked));
        expect(Buffer.byteLength(json)).toBe(Buffer.byteLength(JSON.stringify(turn)) + BREAKPOINT_BYTES);
      }
    });
  }
});
