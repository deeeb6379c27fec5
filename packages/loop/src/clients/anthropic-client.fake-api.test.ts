import {
  type FakeMessagesApi,
  type FakeMessagesApiOptions,
  startFakeMessagesApi,
  textResponse,
  toolUseResponse,
} from "@keel/testkit";
import type { MessageCreateRequest, MessageParam } from "@keel/wire";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import type { ModelStreamEvent } from "./model-client.js";

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function clientFor(options: FakeMessagesApiOptions) {
  api = await startFakeMessagesApi(options);
  return new AnthropicClient({
    apiKey: "sk-ant-test-fake-api-0123456789",
    baseURL: api.url,
    sleep: async () => undefined,
  });
}

const system = "You are Claude Code, Anthropic's official CLI for Claude.";
const ask: MessageParam = { role: "user", content: [{ type: "text", text: "please summarize RAG.md" }] };
const request = (messages: MessageParam[]): MessageCreateRequest => ({
  model: "claude-opus-4-1-20250805",
  max_tokens: 32000,
  system,
  tools: [{ name: "Read", description: "Reads a file", input_schema: { type: "object" } }],
  messages,
});

describe("AnthropicClient against @keel/testkit's fake Messages API", () => {
  it("completes reference 003's golden tool round trip with the real SDK", async () => {
    const client = await clientFor({
      script: [
        toolUseResponse(
          [{ id: "toolu_01BFph4BwyMk1PSv8tn7Mqmr", name: "Read", input: { file_path: "RAG.md" } }],
          {
            text: "I'll read the RAG.md file to provide you with a summary.",
          },
        ),
        textResponse("## RAG.md Summary\n\nThis document outlines a comprehensive plan."),
      ],
    });
    const events: ModelStreamEvent[] = [];
    const first = await client.create(request([ask]), { onEvent: (event) => events.push(event) });
    expect(first.stop_reason).toBe("tool_use");
    expect(events.filter((event) => event.type === "tool_use_complete")).toHaveLength(1);
    const history: MessageParam[] = [
      ask,
      { role: "assistant", content: first.content },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_01BFph4BwyMk1PSv8tn7Mqmr", content: "# RAG plan" },
        ],
      },
    ];
    const second = await client.create(request(history));
    expect(second.content).toEqual([
      { type: "text", text: "## RAG.md Summary\n\nThis document outlines a comprehensive plan." },
    ]);
    expect(api?.requests.map((recorded) => recorded.response?.status)).toEqual([200, 200]);
    expect(api?.requests[1]?.body.system).toBe(system);
  });

  it("retries an overloaded_error sent before the first delta", async () => {
    const client = await clientFor({
      script: [textResponse("Recovered.")],
      faults: { 0: { type: "error-after-deltas", count: 0 } },
    });
    const events: ModelStreamEvent[] = [];
    const message = await client.create(request([ask]), { onEvent: (event) => events.push(event) });
    expect(message.content).toEqual([{ type: "text", text: "Recovered." }]);
    expect(events.map((event) => event.type).slice(0, 2)).toEqual(["usage", "retry"]);
    expect(api?.requests).toHaveLength(2);
  });

  it("fails cleanly when the overload arrives after a delta was shown", async () => {
    const client = await clientFor({
      script: [textResponse("A long answer that streams in several chunks of text.")],
      faults: { 0: { type: "error-after-deltas", count: 1 } },
    });
    await expect(client.create(request([ask]), { onEvent: () => undefined })).rejects.toMatchObject({
      kind: "overloaded",
    });
    expect(api?.requests).toHaveLength(1);
  });

  it("retries a connection reset before any output", async () => {
    const client = await clientFor({
      script: [textResponse("After the reset.")],
      faults: { 0: { type: "reset-after-events", count: 1 } },
    });
    const message = await client.create(request([ask]), { onEvent: () => undefined });
    expect(message.content).toEqual([{ type: "text", text: "After the reset." }]);
  });

  it("never reports a tool_use cut off by max_tokens as complete", async () => {
    const client = await clientFor({
      script: [toolUseResponse([{ name: "Read", input: { file_path: "/a/very/long/path/to/RAG.md" } }])],
      faults: { 0: { type: "max-tokens" } },
    });
    const events: ModelStreamEvent[] = [];
    const message = await client.create(request([ask]), { onEvent: (event) => events.push(event) });
    expect(message.stop_reason).toBe("max_tokens");
    expect(events.some((event) => event.type === "tool_use_complete")).toBe(false);
  });
});
