import { startFakeMessagesApi } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import type { ContextOptions } from "./context-options.js";
import { formatTrace } from "./format-trace.js";
import { readingRounds, readLongOrder } from "./long-orders.test-helpers.js";
import { runAgent } from "./run-agent.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Starts the fake API on `count` reading rounds; `readOrders` runs the agent through them with `context`. */
async function start(count: number) {
  const api = await startFakeMessagesApi({ script: readingRounds(count) });
  close = api.close;
  const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
  const readOrders = (context: ContextOptions, maxIterations = 10) =>
    runAgent({
      client,
      model: "claude-sonnet-5-5",
      tools: [readLongOrder],
      prompt: "Read the orders.",
      maxIterations,
      context,
    });
  return { api, client, readOrders };
}

describe("context management against the fake API", () => {
  it("sends the edits with their betas and reports the cleared tool uses in usage and the trace", async () => {
    const { api, readOrders } = await start(8);
    const result = await readOrders({ clearToolUses: { trigger: 3000, keep: 2 } });
    expect(result.status).toBe("completed");
    expect(api.requests[0]!.headers["anthropic-beta"]).toBe("context-management-2025-06-27");
    expect(api.requests[0]!.body.context_management).toEqual({
      edits: [
        {
          type: "clear_tool_uses_20250919",
          trigger: { type: "input_tokens", value: 3000 },
          keep: { type: "tool_uses", value: 2 },
        },
      ],
    });
    const cleared = result.usage.context_management!;
    expect(cleared.cleared_tool_uses).toBeGreaterThan(0);
    expect(cleared.cleared_input_tokens).toBeGreaterThan(0);
    // The client keeps the full history: nothing is cleared from `messages`.
    expect(JSON.stringify(result.messages)).not.toContain("cleared to save context");
    expect(formatTrace(result.trace)).toMatch(/cleared \d+ tool uses? \(\d+ tokens\)/);
  });

  it("streams a compaction block, keeps it verbatim and sends it back; the API then ignores what it replaced", async () => {
    const { api, readOrders } = await start(8);
    const result = await readOrders({ compact: { trigger: 4000 } });
    expect(result.status).toBe("completed");
    expect(api.requests[0]!.headers["anthropic-beta"]).toBe("compact-2026-01-12");
    const compacted = result.messages.findIndex(
      (message) => Array.isArray(message.content) && message.content[0]?.type === "compaction",
    );
    expect(compacted).toBeGreaterThan(0);
    const block = (result.messages[compacted]!.content as Array<Record<string, unknown>>)[0]!;
    expect(block.content).toMatch(/^Summary of/);
    const served = api.requests.find(
      (request) => request.response?.message?.content[0]?.type === "compaction",
    );
    expect(block).toEqual(served!.response!.message!.content[0]);
    expect(result.usage.context_management!.compactions).toBeGreaterThan(0);
    const step = result.usage.context_management!.compaction;
    expect(
      step.input_tokens + step.cache_read_input_tokens + step.cache_creation_input_tokens,
    ).toBeGreaterThan(4000);
  });

  it("continues after pause_after_compaction (stop reason compaction)", async () => {
    const { readOrders } = await start(6);
    const result = await readOrders({ compact: { trigger: 4000, pauseAfterCompaction: true } });
    expect(result.status).toBe("completed");
    expect(result.trace.some((event) => event.type === "response" && event.stopReason === "compaction")).toBe(
      true,
    );
  });

  it("never drops a compaction block: every later request carries each one verbatim where it was served", async () => {
    const { api, readOrders } = await start(12);
    const result = await readOrders({ compact: { trigger: 4000, pauseAfterCompaction: true } }, 15);
    expect(result.status).toBe("completed");
    // The fake refuses a request that continues a compacted history without its block (or with it altered).
    expect(api.requests.every((request) => request.response?.status === 200)).toBe(true);
    const served = api.requests.filter(
      (request) => request.response?.message?.content[0]?.type === "compaction",
    );
    expect(served.length).toBeGreaterThan(1);
    for (const compaction of served) {
      const position = compaction.body.messages.length;
      const block = compaction.response!.message!.content[0];
      const later = api.requests.filter((request) => request.index > compaction.index);
      expect(later.length).toBeGreaterThan(0);
      for (const request of later) {
        // The newest turn may carry Keel's cache breakpoint (BetaCompactionBlockParam allows cache_control).
        const sent = (request.body.messages[position]!.content as Array<Record<string, unknown>>).map(
          ({ cache_control: _breakpoint, ...rest }) => rest,
        );
        expect(sent).toContainEqual(block);
      }
    }
  });

  it("refuses a compaction block sent back altered, as the API refuses it", async () => {
    const { api, client } = await start(0);
    const altered = { type: "compaction", content: "changed", encrypted_content: "keel-fake-compaction:abc" };
    const result = await runAgent({
      client,
      model: "claude-sonnet-5-5",
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: [altered, { type: "text", text: "Hello" }] },
        { role: "user", content: "Again" },
      ],
      context: { compact: true },
    });
    expect(result.status).toBe("model_error");
    expect(api.requests[0]!.response?.error?.message).toContain("compaction block was modified");
  });

  it("rejects context_management without its beta, with the API's wording", async () => {
    const { api } = await start(0);
    const response = await fetch(`${api.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({
        model: "m",
        max_tokens: 10,
        messages: [{ role: "user", content: "Hi" }],
        context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "context_management: Extra inputs are not permitted",
    );
  });

  it("counts tokens with count_tokens and ends context_window_exceeded before any 400 when over maxInputTokens", async () => {
    const { api, client, readOrders } = await start(8);
    const counted = await client.countTokens({
      model: "claude-sonnet-5-5",
      max_tokens: 10,
      messages: [{ role: "user", content: "Hello there" }],
    });
    expect(counted.input_tokens).toBeGreaterThan(0);
    const result = await readOrders({ maxInputTokens: 3000 });
    expect(result.status).toBe("context_window_exceeded");
    if (result.status !== "context_window_exceeded") return;
    expect(result.error?.message).toContain("counted with count_tokens");
    expect(result.error?.message).toContain("a budget this run set, not the model's context window");
    expect(result.error?.limit).toBe("maxInputTokens");
    expect(api.requests.every((request) => request.response?.status === 200)).toBe(true);
  });

  it("refuses options that contradict each other before any request", async () => {
    const { client } = await start(0);
    await expect(
      runAgent({ client, model: "m", prompt: "Hi", context: { clearThinking: true } }),
    ).rejects.toThrow(/request.thinking/);
    await expect(
      runAgent({
        client,
        model: "m",
        prompt: "Hi",
        context: { compact: { trigger: 5000 }, maxInputTokens: 4000 },
      }),
    ).rejects.toThrow(/below "context.maxInputTokens"/);
    await expect(
      runAgent({ client, model: "m", prompt: "Hi", context: { clearToolUses: { excludeTools: ["nope"] } } }),
    ).rejects.toThrow(/"nope"/);
  });
});
