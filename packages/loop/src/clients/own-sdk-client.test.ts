import Anthropic from "@anthropic-ai/sdk";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../run/run-agent.js";
import { spyTool } from "../run/run-fixtures.test-helpers.js";
import { AnthropicClient } from "./anthropic-client.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const noWait = async () => {};

describe("AnthropicClient({ client }): an SDK client of your own", () => {
  it.each([true, false])(
    "runs a tool round through your Anthropic instance, its headers and auth, Keel owning the retries (stream: %s)",
    async (stream) => {
      const api = await startFakeMessagesApi({
        apiKey: "team-key",
        script: [
          toolUseResponse([{ id: "toolu_1", name: "lookup_order", input: {} }]),
          textResponse("Shipped."),
        ],
        faults: { 0: { type: "http", status: 529, retryAfterMs: 1 } },
      });
      close = api.close;
      // The SDK's own default (2 retries) would make 3 requests for one failure inside each of Keel's attempts.
      const sdk = new Anthropic({
        apiKey: "team-key",
        baseURL: api.url,
        defaultHeaders: { "x-team": "support" },
      });
      const client = new AnthropicClient({ client: sdk, stream, sleep: noWait });
      const result = await runAgent({
        client,
        model: "claude-test",
        tools: [spyTool("lookup_order", "read")],
        prompt: "Where is my order?",
        request: { betas: ["some-beta-2025-01-01"] },
      });
      expect(result.status).toBe("completed");
      // One 529, retried once by Keel, then the two requests of the run: nothing multiplied.
      expect(api.requests.map((request) => request.response?.status)).toEqual([529, 200, 200]);
      for (const request of api.requests) {
        expect(request.headers["x-team"]).toBe("support");
        expect(request.headers["anthropic-beta"]).toBe("some-beta-2025-01-01");
        expect(request.body).toMatchObject({ model: "claude-test", stream });
      }
      expect(result.trace.filter((event) => event.type === "model_retry")).toHaveLength(1);
    },
  );

  it("hands your client the request as an object, so a provider client can route it (Bedrock builds its path from the model)", async () => {
    const api = await startFakeMessagesApi({ script: [textResponse("Hi.")] });
    close = api.close;
    const sdk = new Anthropic({ apiKey: "k", baseURL: api.url });
    const seen: unknown[] = [];
    const providerLike = {
      messages: {
        create: (body: { model: string }, options: { maxRetries?: number }) => {
          seen.push([typeof body, body.model, options.maxRetries]);
          return sdk.messages.create(body as never, options as never);
        },
      },
    };
    const result = await runAgent({
      client: new AnthropicClient({ client: providerLike }),
      model: "claude-test",
      prompt: "Hi",
    });
    expect(result.status).toBe("completed");
    expect(seen).toEqual([["object", "claude-test", 0]]);
  });

  it("refuses a client without messages.create at construction", () => {
    expect(() => new AnthropicClient({ client: {} as never })).toThrow(/messages\.create/);
  });
});

describe("tokens of failed attempts", () => {
  it("a stream that fails after the API started answering is retried, and what it reported is counted apart", async () => {
    const api = await startFakeMessagesApi({
      script: [textResponse("Hello.")],
      faults: { 0: { type: "error-after-deltas", count: 0 } },
    });
    close = api.close;
    const client = new AnthropicClient({ apiKey: "k", baseURL: api.url, sleep: noWait });
    const result = await runAgent({ client, model: "claude-test", prompt: "Hi" });
    expect(result.status).toBe("completed");
    const served = api.requests.map((request) => request.response?.message?.usage);
    expect(served).toHaveLength(2);
    // The totals are the answered request's; the broken stream's input is billed and shown apart.
    expect(result.usage.input_tokens).toBe(served[1]!.input_tokens);
    expect(result.usage.failed_attempts).toEqual({
      attempts: 1,
      input_tokens: served[0]!.input_tokens,
      output_tokens: expect.any(Number),
      cache_creation_input_tokens: served[0]!.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: served[0]!.cache_read_input_tokens ?? 0,
    });
    expect(result.usage.failed_attempts!.input_tokens).toBeGreaterThan(0);
  });

  it("a run without failures has no failed_attempts field", async () => {
    const api = await startFakeMessagesApi({ script: [textResponse("Hello.")] });
    close = api.close;
    const result = await runAgent({
      client: new AnthropicClient({ apiKey: "k", baseURL: api.url }),
      model: "m",
      prompt: "Hi",
    });
    expect(result.usage).not.toHaveProperty("failed_attempts");
  });

  it("the last attempt failing after the API started answering is counted too, not only the retried ones", async () => {
    const api = await startFakeMessagesApi({
      script: [textResponse("Hello.")],
      faults: { 0: { type: "error-after-deltas", count: 0, errorType: "api_error" } },
    });
    close = api.close;
    const result = await runAgent({
      client: new AnthropicClient({ apiKey: "k", baseURL: api.url, maxRetries: 0, sleep: noWait }),
      model: "m",
      prompt: "Hi",
    });
    expect(result.status).not.toBe("completed");
    const billed = api.requests[0]!.response!.message!.usage;
    expect(result.usage.failed_attempts).toMatchObject({ attempts: 1, input_tokens: billed.input_tokens });
    expect(result.usage.input_tokens).toBe(0);
  });

  it("an attempt aborted mid-stream counts what the API had billed it", async () => {
    const api = await startFakeMessagesApi({
      script: [textResponse("A long answer that is still being written.")],
      streaming: { blockDelayMs: 5_000 },
    });
    close = api.close;
    const controller = new AbortController();
    const result = await runAgent({
      client: new AnthropicClient({ apiKey: "k", baseURL: api.url }),
      model: "m",
      prompt: "Hi",
      signal: controller.signal,
      // message_start has arrived (its usage event): the input is billed; abort before any text.
      onStreamEvent: (event) => {
        if (event.type === "usage") controller.abort();
      },
    });
    expect(result.status).toBe("aborted");
    const billed = api.requests[0]!.response!.message!.usage;
    expect(billed.input_tokens).toBeGreaterThan(0);
    expect(result.usage.failed_attempts).toMatchObject({ attempts: 1, input_tokens: billed.input_tokens });
  });
});
