import { success } from "@keel/errors";
import {
  type FakeMessagesApiOptions,
  startFakeMessagesApi,
  textResponse,
  toolUseResponse,
} from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import type { ModelStreamEvent } from "../clients/model-client.js";
import { runAgent } from "./run-agent.js";
import { spyTool } from "./run-fixtures.test-helpers.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const twoTools = toolUseResponse([
  { id: "toolu_read", name: "lookup_order", input: { order_id: "O-1" } },
  { id: "toolu_write", name: "process_refund", input: { order_id: "O-1", amount: 20 } },
]);

async function runAgainst(
  options: Partial<FakeMessagesApiOptions>,
  clientOptions = {},
  { display = true }: { readonly display?: boolean } = {},
) {
  const api = await startFakeMessagesApi({ script: [twoTools, textResponse("Refunded.")], ...options });
  close = api.close;
  const log: string[] = [];
  const lookup = spyTool("lookup_order", "read", (_input, context) => {
    log.push(`run ${context.toolUseId}`);
    return success({ total: 20 });
  });
  const refund = spyTool("process_refund", "write", (_input, context) => {
    log.push(`run ${context.toolUseId}`);
    return success({ refund_id: "R-1" });
  });
  // Retry waits are recorded by the client, not slept: the test needs no real time.
  const sleep = async () => {};
  const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, sleep, ...clientOptions });
  const result = await runAgent({
    client,
    model: "m",
    tools: [lookup, refund],
    prompt: "Refund order O-1",
    ...(display
      ? {
          onStreamEvent: (event: ModelStreamEvent) => {
            if (event.type === "tool_use_complete") log.push(`complete ${event.block.id}`);
          },
        }
      : {}),
  });
  const runs = (id: string) => log.filter((entry) => entry === `run ${id}`).length;
  return { api, result, log, runs };
}

describe("faults of the fake Messages API end in the right status, and no tool runs twice", () => {
  it("completes after a 429 with retry-after (the client retries) and runs each tool once", async () => {
    const { result, runs } = await runAgainst({
      faults: { 0: { type: "http", status: 429, retryAfterMs: 5 } },
    });
    expect(result.status).toBe("completed");
    expect([runs("toolu_read"), runs("toolu_write")]).toEqual([1, 1]);
    expect(result.trace.some((event) => event.type === "model_retry")).toBe(true);
  });

  it("completes after a 500 on the second request, without re-running the first round's tools", async () => {
    const { result, runs } = await runAgainst({
      faults: { 1: { type: "http", status: 500, retryAfterMs: 5 } },
    });
    expect(result.status).toBe("completed");
    expect([runs("toolu_read"), runs("toolu_write")]).toEqual([1, 1]);
  });

  it("ends in model_error (overloaded) when 529 persists, with no tool run", async () => {
    const overloaded = { type: "http", status: 529, retryAfterMs: 5 } as const;
    const { result, log } = await runAgainst({ faults: () => overloaded }, { maxRetries: 1 });
    expect(result).toMatchObject({ status: "model_error", error: { kind: "overloaded", retryable: true } });
    expect(log.filter((entry) => entry.startsWith("run"))).toEqual([]);
  });

  it("retries an SSE overloaded_error that arrives before anything was shown, and runs each tool once", async () => {
    const { result, runs } = await runAgainst(
      { faults: { 0: { type: "error-after-deltas", count: 1 } } },
      { sleep: async () => {} },
    );
    expect(result.status).toBe("completed");
    expect([runs("toolu_read"), runs("toolu_write")]).toEqual([1, 1]);
  });

  it("ends in model_error on a reset mid-stream: the early read is dropped and the write never runs", async () => {
    const { result, runs, log } = await runAgainst({
      faults: { 0: { type: "reset-after-events", count: 9 } },
      streaming: { jsonChunkSize: 1000 },
    });
    expect(result.status).toBe("model_error");
    expect(log).toContain("complete toolu_read");
    expect(runs("toolu_write")).toBe(0);
    expect(result.toolCalls).toEqual([]);
    expect(result.trace).toContainEqual(
      expect.objectContaining({ type: "eager_discarded", id: "toolu_read" }),
    );
  });

  it("with output shown, ends resumable: the model_error carries a snapshot and says how to continue", async () => {
    const { result } = await runAgainst({
      faults: { 0: { type: "reset-after-events", count: 9 } },
      streaming: { jsonChunkSize: 1000 },
    });
    expect(result.status).toBe("model_error");
    expect(result.error).toMatchObject({ retryable: true });
    expect(result.error?.message).toContain("resumeRun(result.snapshot, [], { client, tools })");
    expect(result.snapshot).toBeDefined();
  });

  it("retries a stream dropped part-way when no listener displays anything, and runs the write once", async () => {
    const { result, runs, api } = await runAgainst(
      { faults: { 0: { type: "reset-after-events", count: 9 } }, streaming: { jsonChunkSize: 1000 } },
      {},
      { display: false },
    );
    expect(result.status).toBe("completed");
    expect(runs("toolu_write")).toBe(1);
    expect(api.requests).toHaveLength(3);
    expect(result.trace).toContainEqual(expect.objectContaining({ type: "model_retry", attempt: 1 }));
  });

  it("truncates on a tool_use cut off by max_tokens, and never runs the cut-off tool", async () => {
    const { result, runs } = await runAgainst({ faults: { 0: { type: "max-tokens" } } });
    expect(result.status).toBe("truncated");
    expect(runs("toolu_write")).toBe(0);
    expect(result.toolCalls).toEqual([]);
  });

  it("starts a read at its own content_block_stop while the rest of the response still streams", async () => {
    const { result, log } = await runAgainst({ faults: { 0: { type: "slow", blockDelayMs: [0, 40] } } });
    expect(result.status).toBe("completed");
    expect(log).toEqual(["complete toolu_read", "run toolu_read", "complete toolu_write", "run toolu_write"]);
  });
});
