import { success } from "@keel/errors";
import { messageResponse, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import type { MessageParam, MessageTemplate } from "@keel/wire";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { runAgent } from "./run-agent.js";
import { deferred, spyTool } from "./run-fixtures.test-helpers.js";

/**
 * Every RunResult.messages is a valid history to continue from: appended with a new user question, the
 * strict fake Messages API (whose every rule has its source in @keel/testkit's README) accepts it.
 */

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function fakeApi(script: readonly MessageTemplate[]) {
  const api = await startFakeMessagesApi({ script });
  close = api.close;
  return { api, client: new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 }) };
}

/** Posts the history plus a follow-up question to the fake, as a caller continuing the conversation would. */
async function continueFrom(url: string, messages: readonly MessageParam[]): Promise<number> {
  const response = await fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "sk-ant-test",
      "anthropic-version": "2023-06-01",
    },
    body: JSON.stringify({
      model: "m",
      max_tokens: 100,
      messages: [...messages, { role: "user", content: "And then?" }],
    }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${response.status}: ${body}`);
  return response.status;
}

const lookup = () => spyTool("lookup_order", "read", (input) => success({ order_id: input.order_id }));

describe("RunResult.messages is always a valid history to continue from", () => {
  it("drops an empty text block Claude sent beside a tool_use, keeping the rest of the turn verbatim", async () => {
    const { api, client } = await fakeApi([
      messageResponse({
        content: [
          { type: "text", text: "" },
          { type: "tool_use", id: "toolu_1", name: "lookup_order", input: { order_id: "O-1" } },
        ],
      }),
      textResponse("Order O-1 is on its way."),
      textResponse("That is all."),
    ]);
    const result = await runAgent({ client, model: "m", tools: [lookup()], prompt: "Where is O-1?" });
    expect(result.status).toBe("completed");
    expect(api.requests).toHaveLength(2);
    expect(JSON.stringify(result.messages)).not.toContain('"text":""');
    expect(result.messages[1]).toEqual({
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_1", name: "lookup_order", input: { order_id: "O-1" } }],
    });
    expect(await continueFrom(api.url, result.messages)).toBe(200);
  });

  it.each([
    {
      why: "that an end_turn reply did not wait for",
      stopReason: "end_turn",
      text: "Done.",
      input: { order_id: "O-1" },
      status: "completed",
    },
    {
      why: "cut off by max_tokens, keeping the text before it",
      stopReason: "max_tokens",
      text: "Let me look.",
      input: {},
      status: "truncated",
    },
  ] as const)("leaves out a tool_use $why", async ({ stopReason, text, input, status }) => {
    const { api, client } = await fakeApi([
      messageResponse({
        content: [
          { type: "text", text },
          { type: "tool_use", id: "toolu_1", name: "lookup_order", input },
        ],
        stop_reason: stopReason,
      }),
      textResponse("unused"),
    ]);
    const result = await runAgent({ client, model: "m", tools: [lookup()], prompt: "Where is O-1?" });
    expect(result.status).toBe(status);
    expect(result.toolCalls).toEqual([]);
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text }] });
    expect(await continueFrom(api.url, result.messages)).toBe(200);
  });

  it("answers every tool_use of a turn aborted mid-tools: what ran with its result, the rest RUN_ABORTED", async () => {
    const started = deferred();
    const controller = new AbortController();
    // A write never starts early, so the abort lands while the tools of a complete turn run.
    const slow = spyTool("slow_write", "write", async (_input, context) => {
      started.resolve();
      await new Promise((resolve) => context.signal.addEventListener("abort", resolve));
      return success({ late: true });
    });
    const read = spyTool("lookup_order", "read", () => success({ found: true }));
    const { api, client } = await fakeApi([
      toolUseResponse([
        { id: "toolu_a", name: "slow_write", input: {} },
        { id: "toolu_b", name: "lookup_order", input: {} },
      ]),
      textResponse("unused"),
    ]);
    const running = runAgent({
      client,
      model: "m",
      tools: [slow, read],
      prompt: "go",
      signal: controller.signal,
    });
    await started.promise;
    controller.abort();
    const result = await running;
    expect(result.status).toBe("aborted");
    expect(read.calls).toHaveLength(0);
    const last = result.messages.at(-1)!;
    expect(last.role).toBe("user");
    const ids = (last.content as Array<{ tool_use_id: string; content: string }>).map(
      (block) => block.tool_use_id,
    );
    expect(ids).toEqual(["toolu_a", "toolu_b"]);
    expect(JSON.stringify(last)).toContain("TOOL_ABORTED");
    expect(JSON.stringify(last)).toContain("RUN_ABORTED");
    expect(result.toolCalls.map((call) => call.code)).toEqual(["TOOL_ABORTED", "RUN_ABORTED"]);
    expect(await continueFrom(api.url, result.messages)).toBe(200);
  });
});

describe("the API's own limits end as their own statuses", () => {
  it("turns the API's 400 'prompt is too long' into context_window_exceeded, like the stop reason", async () => {
    const api = await startFakeMessagesApi({
      script: [textResponse("unused")],
      faults: {
        0: {
          type: "http",
          status: 400,
          errorType: "invalid_request_error",
          message: "prompt is too long: 215000 tokens > 200000 maximum",
        },
      },
    });
    close = api.close;
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({ client, model: "m", prompt: "a very long conversation" });
    expect(result.status).toBe("context_window_exceeded");
    expect(result.error).toMatchObject({ kind: "bad_request", retryable: false });
  });

  it("ends a reply with a stop reason newer than the loop as unknown_stop_reason, keeping its text", async () => {
    const { client } = await fakeApi([
      messageResponse({
        content: [{ type: "text", text: "Partial." }],
        stop_reason: "some_future_reason" as never,
      }),
    ]);
    const result = await runAgent({ client, model: "m", prompt: "Hi" });
    expect(result).toMatchObject({ status: "unknown_stop_reason", text: "Partial." });
    expect(result.stopDetails).toMatchObject({ stopReason: "some_future_reason" });
    expect(result.error).toBeUndefined();
  });
});
