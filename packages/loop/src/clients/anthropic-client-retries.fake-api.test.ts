import { type FakeMessagesApi, type FaultPlan, startFakeMessagesApi, textResponse } from "@keel/testkit";
import type { MessageCreateRequest } from "@keel/wire";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient, type AnthropicClientOptions } from "./anthropic-client.js";
import type { ModelStreamEvent } from "./model-client.js";

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const request: MessageCreateRequest = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: [{ type: "text", text: "Where is order ORD-1?" }] }],
};

/** A client over the real SDK and real HTTP to the fake API; waits are recorded, never slept. */
async function clientFor(faults: FaultPlan, options: AnthropicClientOptions = {}) {
  api = await startFakeMessagesApi({ script: [textResponse("Shipped yesterday.")], faults });
  const sleeps: number[] = [];
  const events: ModelStreamEvent[] = [];
  const client = new AnthropicClient({
    apiKey: "sk-ant-test-fake-api-0123456789",
    baseURL: api.url,
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
    },
    random: () => 0,
    ...options,
  });
  const create = () => client.create(request, { onEvent: (event) => events.push(event) });
  return { create, sleeps, events, received: () => api?.requests.length ?? 0 };
}

describe("AnthropicClient retries: one owner, one budget", () => {
  it.each([529, 429, 500])("retries an HTTP %i, then succeeds", async (status) => {
    const { create, received, events } = await clientFor({ 0: { type: "http", status, retryAfterMs: 0 } });
    const message = await create();
    expect(message.content).toEqual([{ type: "text", text: "Shipped yesterday." }]);
    expect(received()).toBe(2);
    expect(events[0]).toMatchObject({ type: "retry", attempt: 1, reason: `HTTP ${status}` });
  });

  it("spends one budget across overloaded, rate-limited and failed responses", async () => {
    const { create, received, sleeps } = await clientFor({
      0: { type: "http", status: 529 },
      1: { type: "http", status: 429, retryAfterMs: 0 },
      2: { type: "http", status: 500 },
    });
    await expect(create()).rejects.toMatchObject({ kind: "server", status: 500 });
    expect(received()).toBe(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("never sends more HTTP requests than maxRetries + 1, however often the API fails", async () => {
    const { create, received } = await clientFor(() => ({ type: "http", status: 529 }), { maxRetries: 4 });
    await expect(create()).rejects.toMatchObject({ kind: "overloaded" });
    expect(received()).toBe(5);
  });

  it("sends one request and no retry with maxRetries 0", async () => {
    const { create, received, events } = await clientFor(
      { 0: { type: "http", status: 529 } },
      { maxRetries: 0 },
    );
    await expect(create()).rejects.toMatchObject({ kind: "overloaded" });
    expect(received()).toBe(1);
    expect(events).toEqual([]);
  });

  it("waits at least as long as retry-after asks, in seconds or milliseconds", async () => {
    const { create, sleeps, events } = await clientFor({
      0: { type: "http", status: 429, retryAfterSeconds: 3 },
      1: { type: "http", status: 529, retryAfterMs: 1500 },
    });
    await create();
    expect(sleeps).toEqual([3000, 1500]);
    expect(events.filter((event) => event.type === "retry").map((event) => event.delayMs)).toEqual([
      3000, 1500,
    ]);
  });

  it("ends at once, carrying retryAfterMs, when retry-after asks for more than maxRetryDelayMs", async () => {
    const { create, received, sleeps } = await clientFor(
      { 0: { type: "http", status: 429, retryAfterSeconds: 120 } },
      { maxRetryDelayMs: 60_000 },
    );
    const failure = create();
    await expect(failure).rejects.toMatchObject({ kind: "rate_limit", retryAfterMs: 120_000 });
    await expect(failure).rejects.toThrow(/longer than maxRetryDelayMs \(60000 ms\).*raise maxRetryDelayMs/);
    await expect(failure).rejects.not.toThrow(/maxRetries\b/);
    expect(received()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ["a port out of range", "http://127.0.0.1:99999"],
    ["an unknown scheme", "htp://127.0.0.1:8080"],
    ["a malformed host", "http://[::1"],
  ])("fails at once, not retried, when the base URL has %s", async (_label, baseURL) => {
    const events: ModelStreamEvent[] = [];
    const client = new AnthropicClient({
      apiKey: "sk-ant-test-fake-api-0123456789",
      baseURL,
      maxRetries: 3,
      sleep: async () => {
        throw new Error("must not wait");
      },
    });
    const failure = client.create(request, { onEvent: (event) => events.push(event) });
    await expect(failure).rejects.toMatchObject({ kind: "connection", retryable: false });
    await expect(failure).rejects.toThrow(/cannot be sent .* Fix ANTHROPIC_BASE_URL/);
    expect(events.filter((event) => event.type === "retry")).toEqual([]);
  });

  it("stops retrying when the API sends x-should-retry: false", async () => {
    const { create, received } = await clientFor({ 0: { type: "http", status: 529, shouldRetry: false } });
    await expect(create()).rejects.toMatchObject({ kind: "overloaded", status: 529 });
    expect(received()).toBe(1);
  });

  it("retries a status it would not retry when the API sends x-should-retry: true", async () => {
    const { create, received } = await clientFor({ 0: { type: "http", status: 400, shouldRetry: true } });
    await create();
    expect(received()).toBe(2);
  });

  it("retries a mid-stream error within the same budget as HTTP errors", async () => {
    const { create, received, events } = await clientFor({
      0: { type: "http", status: 529 },
      1: { type: "error-after-deltas", count: 0 },
    });
    const message = await create();
    expect(message.content).toEqual([{ type: "text", text: "Shipped yesterday." }]);
    expect(received()).toBe(3);
    expect(events.filter((event) => event.type === "retry").map((event) => event.attempt)).toEqual([1, 2]);
  });

  it("gives up when an HTTP error and a mid-stream error have spent the budget", async () => {
    const { create, received } = await clientFor(
      { 0: { type: "http", status: 529 }, 1: { type: "error-after-deltas", count: 0 } },
      { maxRetries: 1 },
    );
    await expect(create()).rejects.toMatchObject({ kind: "overloaded" });
    expect(received()).toBe(2);
  });

  it("retries a request whose connection closed before any response, within the same budget", async () => {
    const { create, received, events } = await clientFor({
      0: { type: "reset-after-events", count: 0 },
      1: { type: "http", status: 529 },
    });
    await create();
    expect(received()).toBe(3);
    expect(events.filter((event) => event.type === "retry").map((event) => event.reason)).toEqual([
      expect.stringMatching(/^connection failed: /),
      "HTTP 529",
    ]);
  });

  it("retries in JSON mode with the same budget", async () => {
    const { create, received } = await clientFor(() => ({ type: "http", status: 503 }), {
      stream: false,
      maxRetries: 1,
    });
    await expect(create()).rejects.toMatchObject({ kind: "server" });
    expect(received()).toBe(2);
  });
});
