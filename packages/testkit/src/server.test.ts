import { Agent, request as httpRequest } from "node:http";
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import {
  messageResponse,
  startFakeMessagesApi,
  TestkitConfigError,
  textResponse,
  toolUseResponse,
} from "./index.js";
import { rawPost, sdkClient, startServer, userRequest, WEATHER_TOOL } from "./sdk.test-helpers.js";

const weatherCall = toolUseResponse(
  [{ name: "get_weather", input: { city: "Paris" }, id: "toolu_01Weather" }],
  {
    text: "Let me check the weather.",
  },
);

describe("responses", () => {
  it("serves a scripted message as JSON that the SDK parses", async () => {
    const server = await startServer({ script: [weatherCall] });
    const message = await sdkClient(server).messages.create(userRequest());

    expect(message.id).toMatch(/^msg_01/);
    expect(message.model).toBe("claude-test-model");
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "text", text: "Let me check the weather." },
      { type: "tool_use", id: "toolu_01Weather", name: "get_weather", input: { city: "Paris" } },
    ]);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message._request_id).toBe("req_fake_000000");
  });

  it("streams a message that the SDK assembles into the same content as the JSON answer", async () => {
    const server = await startServer({ script: [weatherCall, weatherCall] });
    const client = sdkClient(server);
    const json = await client.messages.create(userRequest());
    const streamed = await client.messages.stream(userRequest()).finalMessage();

    expect(streamed.content).toEqual(json.content);
    expect(streamed.stop_reason).toBe("tool_use");
    expect(streamed.usage.output_tokens).toBe(json.usage.output_tokens);
  });

  it("gives a scripted tool_use without an id a fresh one, as the scripted client does", async () => {
    const template = {
      content: [{ type: "tool_use" as const, name: "get_weather", input: { city: "Oslo" } }],
    };
    const server = await startServer({ script: [template as never, template as never] });
    const client = sdkClient(server);
    const first = await client.messages.create(userRequest());
    const second = await client.messages.stream(userRequest()).finalMessage();
    const ids = [first, second].map((message) => (message.content[0] as { id: string }).id);
    expect(ids[0]).toMatch(/^toolu_/);
    expect(ids[1]).toMatch(/^toolu_/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(first.stop_reason).toBe("tool_use");
    expect(template.content[0]).not.toHaveProperty("id");
  });

  it("echoes the request's model unless the script names one", async () => {
    const server = await startServer({ script: [textResponse("hi", { model: "claude-pinned" })] });
    const message = await sdkClient(server).messages.create(userRequest());
    expect(message.model).toBe("claude-pinned");
  });

  it("serves scripted usage fields instead of computed ones", async () => {
    const server = await startServer({
      script: [textResponse("hi", { usage: { output_tokens: 7, input_tokens: 3 } })],
    });
    const message = await sdkClient(server).messages.create(userRequest());
    expect(message.usage).toMatchObject({ input_tokens: 3, output_tokens: 7 });
  });

  it("answers from a handler that sees the request and its index", async () => {
    const server = await startServer({
      handler: (request, context) => textResponse(`#${context.index}: ${request.messages.length} message(s)`),
    });
    const client = sdkClient(server);
    await client.messages.create(userRequest());
    const second = await client.messages.create(userRequest());
    expect(second.content).toEqual([{ type: "text", text: "#1: 1 message(s)" }]);
  });

  it("awaits an async handler", async () => {
    const server = await startServer({ handler: async () => textResponse("later") });
    const message = await sdkClient(server).messages.stream(userRequest()).finalMessage();
    expect(message.content).toEqual([{ type: "text", text: "later" }]);
  });

  it("answers 500 naming the handler when it throws, and the SDK does not retry", async () => {
    const server = await startServer({
      handler: () => {
        throw new Error("boom");
      },
    });
    const error = await sdkClient(server, 2)
      .messages.create(userRequest())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as Error).message).toContain("the handler threw on request #0: boom");
    expect(server.requests).toHaveLength(1);
  });

  it("answers 500 naming the exhausted script, and the SDK does not retry", async () => {
    const server = await startServer({ script: [textResponse("only one")] });
    const client = sdkClient(server, 2);
    await client.messages.create(userRequest());
    const error = await client.messages.create(userRequest()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as Error).message).toContain(
      "the script is exhausted: request #1 arrived after all 1 scripted",
    );
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.response?.error?.type).toBe("api_error");
  });

  it("counts the scripted responses not served yet", async () => {
    const server = await startServer({ script: [textResponse("a"), textResponse("b")] });
    await sdkClient(server).messages.create(userRequest());
    expect(server.remaining).toBe(1);
  });

  it("passes unknown content blocks through whole in JSON and in a stream", async () => {
    const block = { type: "server_tool_use", id: "srvtoolu_01", name: "web_search", input: { query: "x" } };
    const template = messageResponse({ content: [block, { type: "text", text: "done" }] });
    const server = await startServer({ script: [template, template] });
    const client = sdkClient(server);
    expect((await client.messages.create(userRequest())).content[0]).toEqual(block);
    expect((await client.messages.stream(userRequest()).finalMessage()).content[0]).toEqual(block);
  });
});

describe("recorded requests", () => {
  it("keeps every body, so tests can assert on history and system", async () => {
    const server = await startServer({ script: [weatherCall, textResponse("Sunny, 21°C.")] });
    const client = sdkClient(server);
    const first = await client.messages.stream(userRequest()).finalMessage();
    const history = [
      ...userRequest().messages,
      { role: "assistant" as const, content: first.content },
      {
        role: "user" as const,
        content: [{ type: "tool_result" as const, tool_use_id: "toolu_01Weather", content: "21°C" }],
      },
    ];
    await client.messages.create({ ...userRequest(), messages: history });

    expect(server.requests.map((request) => request.body.system)).toEqual([
      "You are a weather assistant.",
      "You are a weather assistant.",
    ]);
    expect(server.requests[1]?.body.messages).toEqual(JSON.parse(JSON.stringify(history)));
    expect(server.requests[0]?.body.stream).toBe(true);
    expect(server.requests[1]?.response?.message?.content).toEqual([{ type: "text", text: "Sunny, 21°C." }]);
  });

  it("redacts credentials in recorded headers", async () => {
    const server = await startServer({ script: [textResponse("hi")] });
    await sdkClient(server).messages.create(userRequest());
    const headers = server.requests[0]?.headers ?? {};
    expect(headers.authorization ?? headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(server.requests)).not.toContain("test-key");
    expect(headers["anthropic-version"]).toBeDefined();
  });

  it("records nothing when recordRequests is false", async () => {
    const server = await startServer({ script: [textResponse("hi")], recordRequests: false });
    await sdkClient(server).messages.create(userRequest());
    expect(server.requests).toHaveLength(0);
  });
});

describe("authentication", () => {
  it("answers 401 authentication_error without an API key", async () => {
    const server = await startServer({ script: [textResponse("hi")] });
    const answer = await rawPost(server, userRequest(), { "x-api-key": "" });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).error).toEqual({
      type: "authentication_error",
      message: "x-api-key header is required",
    });
  });

  it("accepts the key as x-api-key or as a bearer token", async () => {
    const server = await startServer({ script: [textResponse("a"), textResponse("b")], apiKey: "sk-right" });
    expect((await rawPost(server, userRequest(), { "x-api-key": "sk-right" })).status).toBe(200);
    expect(
      (await rawPost(server, userRequest(), { "x-api-key": "", authorization: "Bearer sk-right" })).status,
    ).toBe(200);
  });

  it("answers 401 to the SDK when apiKey demands another key", async () => {
    const server = await startServer({ script: [textResponse("hi")], apiKey: "sk-right" });
    const error = await sdkClient(server)
      .messages.create(userRequest())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe("the server", () => {
  it("answers 404 not_found_error outside POST /v1/messages", async () => {
    const server = await startServer({ script: [] });
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe("not_found_error");
  });

  it("keeps connections alive between requests", async () => {
    const server = await startServer({ script: [textResponse("a"), textResponse("b")] });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const reused: boolean[] = [];
    for (let index = 0; index < 2; index++) {
      reused.push(await postWithAgent(server.url, agent));
    }
    agent.destroy();
    expect(reused).toEqual([false, true]);
  });

  it("closes promptly with a slow stream in flight", async () => {
    const server = await startFakeMessagesApi({
      script: [textResponse("slow")],
      streaming: { eventDelayMs: 60_000 },
    });
    const stream = sdkClient(server).messages.stream(userRequest());
    const failed = stream.finalMessage().then(
      () => "completed",
      () => "failed",
    );
    await stream.withResponse();
    await server.close();
    expect(await failed).toBe("failed");
  });

  it("listens on the requested port", async () => {
    const first = await startServer({ script: [] });
    const port = first.port;
    await first.close();
    const second = await startServer({ script: [], port });
    expect(second.url).toBe(`http://127.0.0.1:${port}`);
  });

  it("rejects a script and a handler together", async () => {
    await expect(startFakeMessagesApi({ script: [], handler: () => textResponse("x") })).rejects.toSatisfy(
      TestkitConfigError.isInstance,
    );
  });

  it("rejects a scripted tool_use without a name at start, saying where", async () => {
    const bad = { content: [{ type: "tool_use", id: "toolu_1", input: {} }] };
    await expect(startFakeMessagesApi({ script: [bad as never] })).rejects.toThrow(
      /script\[0\]\.content\[0\]\.name: a tool_use block needs a string "name"/,
    );
  });

  it("rejects a zero chunk size", async () => {
    await expect(startFakeMessagesApi({ script: [], streaming: { textChunkSize: 0 } })).rejects.toThrow(
      /textChunkSize must be a positive integer/,
    );
  });
});

function postWithAgent(url: string, agent: Agent): Promise<boolean> {
  const body = JSON.stringify({ ...userRequest(), tools: [WEATHER_TOOL] });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/v1/messages`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(request.reusedSocket));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
