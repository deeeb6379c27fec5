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
