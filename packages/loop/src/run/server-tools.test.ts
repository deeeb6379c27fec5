import { messageResponse, startFakeMessagesApi, textResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { answer, functionClient, message, spyTool, text } from "./run-fixtures.test-helpers.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const webSearch = { type: "web_search_20250305", name: "web_search", max_uses: 3 };
const searchBlocks = [
  { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "keel" } },
  {
    type: "web_search_tool_result",
    tool_use_id: "srvtoolu_1",
    content: [
      { type: "web_search_result", url: "https://example.com", title: "Keel", encrypted_content: "abc" },
    ],
  },
];

describe("Anthropic server tools beside Keel tools", () => {
  it("sends server tools after the Keel tools and keeps their blocks in the history untouched", async () => {
    const api = await startFakeMessagesApi({
      script: [
        messageResponse({ content: [...searchBlocks], stop_reason: "pause_turn" }),
        messageResponse({
          content: [...searchBlocks, { type: "text", text: "Keel is a toolkit." }],
          stop_reason: "end_turn",
          usage: { input_tokens: 10, output_tokens: 5, server_tool_use: { web_search_requests: 1 } } as never,
        }),
      ],
    });
    close = api.close;
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({
      client,
      model: "m",
      prompt: "What is keel?",
      tools: [spyTool("lookup_order", "read")],
      serverTools: [webSearch],
    });
    expect(result.status).toBe("completed");
    expect(api.requests[0]!.body.tools?.map((tool) => tool.name)).toEqual(["lookup_order", "web_search"]);
    // pause_turn: the paused reply goes back as the last message, exactly as received.
    expect(api.requests[1]!.body.messages.at(-1)).toMatchObject({ role: "assistant", content: searchBlocks });
    expect(result.messages.at(-1)!.content).toEqual([
      ...searchBlocks,
      { type: "text", text: "Keel is a toolkit." },
    ]);
    expect(result.usage.server_tool_use).toEqual({ web_search_requests: 1, web_fetch_requests: 0 });
  });

  it("carries a code-execution container id to every later request", async () => {
    const client = functionClient(async (_request, _options, index) =>
      index === 0
        ? {
            ...message([text("running")], "pause_turn"),
            container: { id: "container_1", expires_at: "later" },
          }
        : message([text("done")], "end_turn", index),
    );
    await runAgent({
      client,
      model: "m",
      prompt: "compute",
      serverTools: [{ type: "code_execution_20250825", name: "code_execution" }],
    });
    expect(client.requests[0]).not.toHaveProperty("container");
    expect(client.requests[1]).toMatchObject({ container: "container_1" });
  });

  it("refuses a server tool without a versioned type or with a Keel tool's name", async () => {
    const client = new ScriptedClient([answer("unused")]);
    const tools = [spyTool("web_search", "read")];
    await expect(
      runAgent({ client, model: "m", prompt: "x", tools, serverTools: [webSearch] }),
    ).rejects.toMatchObject({ message: expect.stringContaining("like another tool") });
    await expect(
      runAgent({ client, model: "m", prompt: "x", serverTools: [{ name: "web_search" } as never] }),
    ).rejects.toMatchObject({ message: expect.stringContaining("versioned") });
  });

  it("reports no server_tool_use when no server tool was billed", async () => {
    const api = await startFakeMessagesApi({ script: [textResponse("hi")] });
    close = api.close;
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({ client, model: "m", prompt: "hi" });
    expect(result.usage).not.toHaveProperty("server_tool_use");
  });
});
