import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";
import { AnthropicFoundry } from "@anthropic-ai/foundry-sdk";
import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../run/run-agent.js";
import { spyTool } from "../run/run-fixtures.test-helpers.js";
import { AnthropicClient, type AnthropicSdkClient } from "./anthropic-client.js";

/**
 * The cloud providers' own SDK clients, handed to AnthropicClient, against the fake's copy of each provider's
 * endpoint (see @keel/testkit's providers.ts for the paths, bodies and framing, with their sources): a tool
 * round, streamed and not, must reach the provider's path with the provider's body, and come back whole —
 * Bedrock's stream as an AWS event stream decoded by the Bedrock SDK itself.
 */
let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const MODEL = "claude-sonnet-4-5";
const noWait = async () => {};

const providers: Record<string, (baseURL: string) => AnthropicSdkClient> = {
  bedrock: (baseURL) =>
    new AnthropicBedrock({
      awsRegion: "us-east-1",
      awsAccessKey: "AKIAFAKEFAKEFAKEFAKE",
      awsSecretKey: "fake-secret-key-for-the-local-fake-only",
      baseURL,
    }),
  vertex: (baseURL) =>
    new AnthropicVertex({
      region: "us-east5",
      projectId: "keel-test",
      baseURL,
      // Google's credentials are the auth library's business; this one hands out a fixed token.
      authClient: {
        projectId: "keel-test",
        getRequestHeaders: async () => new Headers({ authorization: "Bearer ya29.fake-token" }),
      } as never,
    }),
  foundry: (baseURL) => new AnthropicFoundry({ apiKey: "foundry-key", baseURL: `${baseURL}/anthropic/` }),
};

const expectedPath = (provider: string, stream: boolean): string | RegExp =>
  provider === "bedrock"
    ? `/model/${MODEL}/${stream ? "invoke-with-response-stream" : "invoke"}`
    : provider === "vertex"
      ? `/projects/keel-test/locations/us-east5/publishers/anthropic/models/${MODEL}:${stream ? "streamRawPredict" : "rawPredict"}`
      : "/anthropic/v1/messages";

describe("AnthropicClient over a cloud provider's own SDK client", () => {
  for (const [provider, make] of Object.entries(providers)) {
    it.each([true, false])(
      `${provider}: a tool round reaches the provider's path and body (stream: %s)`,
      async (stream) => {
        api = await startFakeMessagesApi({
          script: [
            toolUseResponse([{ id: "toolu_1", name: "lookup_order", input: { order_id: "ORD-1" } }], {
              text: "Let me check.",
            }),
            textResponse("Your order has shipped."),
          ],
        });
        const lookup = spyTool("lookup_order", "read");
        const result = await runAgent({
          client: new AnthropicClient({ client: make(api.url), stream, sleep: noWait }),
          model: MODEL,
          tools: [lookup],
          prompt: "Where is ORD-1?",
          request: { betas: ["some-beta-2025-01-01"] },
        });
        expect(result.status).toBe("completed");
        expect(result.text).toBe("Your order has shipped.");
        expect(result.toolCalls).toMatchObject([{ requested: "lookup_order", isError: false }]);
        expect(api.requests.map((request) => request.response?.status)).toEqual([200, 200]);
        for (const request of api.requests) {
          expect(request.path.split("?")[0]).toBe(expectedPath(provider, stream));
          expect(request.provider).toBe(provider === "foundry" ? "anthropic" : provider);
          // What the fake served to: the Messages API request the provider's body stands for.
          expect(request.body).toMatchObject({ model: MODEL, stream, max_tokens: expect.any(Number) });
        }
        const [first, second] = api.requests;
        // The second request resends the whole history: the assistant's tool_use, then its result.
        expect(second!.body.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
        expect(first!.body.tools?.map((tool) => tool.name)).toEqual(["lookup_order"]);
        if (provider === "bedrock") {
          expect(first!.sentBody).toMatchObject({
            anthropic_version: expect.any(String),
            anthropic_beta: ["some-beta-2025-01-01"],
          });
          expect(first!.sentBody).not.toHaveProperty("model");
          expect(first!.headers.authorization).toBe("[redacted]");
          expect(first!.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
        } else if (provider === "vertex") {
          expect(first!.sentBody).toMatchObject({ anthropic_version: expect.any(String) });
          expect(first!.sentBody).not.toHaveProperty("model");
          expect(first!.headers["anthropic-beta"]).toBe("some-beta-2025-01-01");
        } else {
          expect(first!.headers["x-api-key"]).toBe("[redacted]");
          expect(first!.headers["anthropic-beta"]).toBe("some-beta-2025-01-01");
        }
      },
    );
  }

  it("bedrock: a throttled request (429, AWS error body) is retried by Keel, once, and the run completes", async () => {
    api = await startFakeMessagesApi({
      script: [textResponse("Hello.")],
      faults: { 0: { type: "http", status: 429, retryAfterMs: 1 } },
    });
    const result = await runAgent({
      client: new AnthropicClient({ client: providers.bedrock!(api.url), sleep: noWait }),
      model: MODEL,
      prompt: "Hi",
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe("completed");
    expect(api.requests.map((request) => request.response?.status)).toEqual([429, 200]);
    expect(result.trace.filter((event) => event.type === "model_retry")).toHaveLength(1);
  });

  it("the fake refuses a Bedrock body without its anthropic_version, as Bedrock does", async () => {
    api = await startFakeMessagesApi({ script: [textResponse("Hello.")] });
    const response = await fetch(`${api.url}/model/${MODEL}/invoke`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: "AWS4-HMAC-SHA256 Credential=AKIAFAKE/20260101/us-east-1/bedrock/aws4_request",
        "x-amz-date": "20260101T000000Z",
      },
      body: JSON.stringify({ max_tokens: 10, messages: [{ role: "user", content: "Hi" }] }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException/);
    expect(await response.json()).toEqual({ message: expect.stringContaining("anthropic_version") });
  });
});
