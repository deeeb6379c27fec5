import { startFakeMessagesApi, textResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import type { RequestParameters } from "./request-parameters.js";
import { runAgent } from "./run-agent.js";
import { answer, reply, spyTool, toolUse } from "./run-fixtures.test-helpers.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const tools = () => [spyTool("lookup_order", "read")];
const base = { model: "m", prompt: "go" } as const;

describe("request parameters: typed, validated, sent on every request", () => {
  it("sends thinking, sampling, stop sequences, metadata, tool choice and service tier on every request", async () => {
    const client = new ScriptedClient([reply([toolUse("t1", "lookup_order", {})]), answer("done")]);
    const parameters = {
      thinking: { type: "enabled", budget_tokens: 2048 },
      top_p: 0.97,
      stop_sequences: ["###"],
      metadata: { user_id: "u-1" },
      tool_choice: { type: "auto", disable_parallel_tool_use: true },
      service_tier: "standard_only",
    } satisfies RequestParameters;
    await runAgent({ ...base, client, tools: tools(), maxTokens: 8000, request: parameters });
    for (const request of client.requests) expect(request).toMatchObject(parameters);
  });

  it("keeps the forced final answer valid: tool_choice none, thinking kept", async () => {
    const client = new ScriptedClient(() => reply([toolUse(`t${Math.random()}`, "lookup_order", {})]));
    await runAgent({
      ...base,
      client,
      tools: tools(),
      maxIterations: 1,
      maxTokens: 4096,
      request: { thinking: { type: "enabled", budget_tokens: 1024 }, tool_choice: { type: "auto" } },
    });
    expect(client.requests.at(-1)).toMatchObject({
      tool_choice: { type: "none" },
      thinking: { type: "enabled" },
    });
  });

  it.each([
    [{ thinking: { type: "enabled", budget_tokens: 4096 } }, 4096, "must be greater than"],
    [{ thinking: { type: "enabled", budget_tokens: 512 } }, 8000, "request.thinking.budget_tokens"],
    [
      { thinking: { type: "enabled", budget_tokens: 1024 }, tool_choice: { type: "any" } },
      8000,
      "cannot be used with thinking",
    ],
    [{ thinking: { type: "adaptive" }, temperature: 0.5 }, 8000, "cannot be set with thinking"],
    [{ temperature: 1.5 }, 8000, "request.temperature"],
    [{ tool_choice: { type: "tool", name: "refund" } }, 8000, "not a tool of this run"],
    [{ frequency_penalty: 1 }, 8000, "request"],
  ])("refuses %j (maxTokens %i) before any request", async (request, maxTokens, message) => {
    const client = new ScriptedClient([answer("unused")]);
    await expect(
      runAgent({ ...base, client, tools: tools(), maxTokens, request: request as never }),
    ).rejects.toMatchObject({ code: "INVALID_RUN_OPTIONS", message: expect.stringContaining(message) });
    expect(client.requests).toHaveLength(0);
  });

  it("reaches the real API shape over HTTP: the strict fake accepts it, betas go as the anthropic-beta header", async () => {
    const api = await startFakeMessagesApi({ script: [textResponse("hi")] });
    close = api.close;
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({
      ...base,
      client,
      maxTokens: 4096,
      request: {
        thinking: { type: "enabled", budget_tokens: 1024 },
        betas: ["interleaved-thinking-2025-05-14"],
      },
    });
    expect(result.status).toBe("completed");
    const recorded = api.requests[0]!;
    expect(recorded.body).toMatchObject({ thinking: { type: "enabled", budget_tokens: 1024 } });
    expect(recorded.body).not.toHaveProperty("betas");
    expect(recorded.headers["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
  });

  it.each([true, false])(
    "passes each signed thinking block back unchanged through a two-round tool loop (strict fake, stream: %s)",
    async (stream) => {
      const thinkingTurn = (id: string, thought: string) => ({
        content: [
          { type: "thinking" as const, thinking: thought, signature: "issued-by-the-fake" },
          { type: "text" as const, text: "" },
          { type: "tool_use" as const, id, name: "lookup_order", input: { order_id: "O-1" } },
        ],
        stop_reason: "tool_use" as const,
      });
      const api = await startFakeMessagesApi({
        script: [
          thinkingTurn("toolu_1", "Look the order up."),
          thinkingTurn("toolu_2", "Once more."),
          textResponse("Done."),
        ],
      });
      close = api.close;
      const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0, stream });
      const result = await runAgent({
        ...base,
        client,
        tools: tools(),
        maxTokens: 4096,
        request: { thinking: { type: "enabled", budget_tokens: 1024 } },
      });
      // The fake rejects an altered or dropped thinking block, an empty text block and text before a result.
      expect(result.status).toBe("completed");
      expect(api.requests.map((request) => request.response?.status)).toEqual([200, 200, 200]);
    },
  );
});
