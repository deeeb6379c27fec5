import type { Message, MessageCreateRequest } from "@keel/wire";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AnthropicClient, type AnthropicClientOptions } from "./anthropic-client.js";
import type { ModelStreamEvent } from "./model-client.js";
import { rejection } from "./model-client-error.test-helpers.js";
import {
  apiError,
  type Exchange,
  formatSse,
  sendJson,
  sendSse,
  sseEventsFor,
  startSse,
  startTestServer,
  type TestServer,
  textMessage,
  toolMessage,
} from "./sse-server.test-helpers.js";

const API_KEY = "sk-ant-api03-test-key-0123456789abcdef";
const request: MessageCreateRequest = {
  model: "claude-test",
  max_tokens: 1024,
  system: "You are terse.",
  messages: [{ role: "user", content: "please summarize RAG.md" }],
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(
  handle: (exchange: Exchange) => void | Promise<void>,
  options: AnthropicClientOptions = {},
) {
  server = await startTestServer(handle);
  const sleeps: number[] = [];
  const client = new AnthropicClient({
    apiKey: API_KEY,
    baseURL: server.url,
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
    },
    random: () => 0,
    ...options,
  });
  return { client, sleeps, server };
}

function collect() {
  const events: ModelStreamEvent[] = [];
  return { events, onEvent: (event: ModelStreamEvent) => events.push(event) };
}

/** Sends message_start and the first text delta, i.e. output the client will forward. */
function startWithText(exchange: Exchange, message: Message = textMessage("Hello there")) {
  startSse(exchange.response);
  const events = sseEventsFor(message);
  for (const event of events.slice(0, 4)) exchange.response.write(formatSse(event));
}

/** Asks `client` with an onEvent listener that throws, and expects that very error back. */
async function expectListenerErrorRethrown(client: AnthropicClient) {
  const bug = new Error("listener bug");
  await expect(
    client.create(request, {
      onEvent: () => {
        throw bug;
      },
    }),
  ).rejects.toBe(bug);
}

const overloadedEvent = `event: error\ndata: ${JSON.stringify(apiError("overloaded_error", "Overloaded"))}\n\n`;

describe("AnthropicClient streaming", () => {
  it("assembles the streamed events into the same Message the API described", async () => {
    const { client } = await serve(({ response }) => sendSse(response, toolMessage()));
    await expect(client.create(request)).resolves.toEqual(toolMessage());
  });

  it("sends the request unchanged with stream true and the key only in the authorization header", async () => {
    const { client, server } = await serve(({ response }) => sendSse(response, textMessage("ok")));
    await client.create(request);
    expect(server.bodies[0]).toEqual({ ...request, stream: true });
    expect(server.headers[0]?.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it("forwards text deltas, then each block's completion, in stream order", async () => {
    const { client } = await serve(({ response }) => sendSse(response, toolMessage()));
    const { events, onEvent } = collect();
    await client.create(request, { onEvent });
    const message = toolMessage();
    expect(events).toEqual([
      { type: "usage", usage: expect.objectContaining({ input_tokens: message.usage.input_tokens }) },
      { type: "text_delta", index: 0, text: "I'll read the RAG.md file to" },
      { type: "text_delta", index: 0, text: " provide you with a summary." },
      { type: "content_block_complete", index: 0, block: message.content[0] },
      { type: "tool_use_complete", index: 1, block: message.content[1] },
      { type: "content_block_complete", index: 1, block: message.content[1] },
    ]);
  });

  it("fires tool_use_complete at the tool's content_block_stop, before the message ends", async () => {
    const twoTools: Message = {
      ...toolMessage(),
      content: [
        { type: "tool_use", id: "toolu_a", name: "lookup_order", input: { order_id: "ORD-1" } },
        { type: "tool_use", id: "toolu_b", name: "lookup_order", input: { order_id: "ORD-2" } },
      ],
    };
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client } = await serve(async ({ response }) => {
      startSse(response);
      const events = sseEventsFor(twoTools);
      const firstStop = events.findIndex((event) => event.event === "content_block_stop");
      response.write(
        events
          .slice(0, firstStop + 1)
          .map(formatSse)
          .join(""),
      );
      await released; // the rest is only sent once the client has reported the first tool
      response.end(
        events
          .slice(firstStop + 1)
          .map(formatSse)
          .join(""),
      );
    });
    const completedBeforeRelease: string[] = [];
    const message = await client.create(request, {
      onEvent: (event) => {
        if (event.type !== "tool_use_complete") return;
        completedBeforeRelease.push(event.block.id);
        release();
      },
    });
    expect(completedBeforeRelease).toEqual(["toolu_a", "toolu_b"]);
    expect(message.content).toEqual(twoTools.content);
  });

  it("gives a tool without arguments the input {}", async () => {
    const noArguments: Message = {
      ...toolMessage(),
      content: [{ type: "tool_use", id: "toolu_now", name: "current_time", input: {} }],
    };
    const { client } = await serve(({ response }) => sendSse(response, noArguments));
    const message = await client.create(request);
    expect(message.content[0]).toEqual({
      type: "tool_use",
      id: "toolu_now",
      name: "current_time",
      input: {},
    });
  });

  it("keeps a tool_use cut off by max_tokens as raw JSON text and never reports it complete", async () => {
    const { client } = await serve(({ response }) => {
      startSse(response);
      const cut = sseEventsFor({ ...toolMessage(), stop_reason: "max_tokens" }).filter(
        (event) => !JSON.stringify(event.data).includes('RAG.md\\"}'),
      );
      response.end(cut.map(formatSse).join(""));
    });
    const { events, onEvent } = collect();
    const message = await client.create(request, { onEvent });
    expect(message.stop_reason).toBe("max_tokens");
    expect(typeof (message.content[1] as { input: unknown }).input).toBe("string");
    expect(events.some((event) => event.type === "tool_use_complete")).toBe(false);
  });

  it("takes stop_reason and usage from message_delta", async () => {
    const { client } = await serve(({ response }) =>
      sendSse(response, { ...textMessage("done"), usage: { input_tokens: 42, output_tokens: 7 } }),
    );
    const message = await client.create(request);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage).toEqual({ input_tokens: 42, output_tokens: 7 });
  });
});

describe("AnthropicClient JSON mode", () => {
  it("makes one JSON request and replays the message as events", async () => {
    const { client, server } = await serve(({ response }) => sendJson(response, 200, toolMessage()), {
      stream: false,
    });
    const { events, onEvent } = collect();
    const message = await client.create(request, { onEvent });
    expect(message).toEqual(toolMessage());
    expect(server.bodies[0]?.stream).toBe(false);
    expect(events.map((event) => event.type)).toEqual([
      "text_delta",
      "content_block_complete",
      "tool_use_complete",
      "content_block_complete",
    ]);
  });
});

describe("AnthropicClient mid-stream retries", () => {
  it("retries an overloaded_error that arrives before any output, and succeeds", async () => {
    const { client, sleeps, server } = await serve(({ index, response }) => {
      if (index > 0) return sendSse(response, textMessage("second try"));
      startSse(response);
      response.end(formatSse(sseEventsFor(textMessage("x"))[0]!) + overloadedEvent);
    });
    const { events, onEvent } = collect();
    const message = await client.create(request, { onEvent });
    expect(message.content).toEqual([{ type: "text", text: "second try" }]);
    expect(server.bodies).toHaveLength(2);
    expect(sleeps).toEqual([250]);
    // The failed attempt's usage event, its retry (carrying that usage), then the second attempt.
    expect(events.map((event) => event.type).slice(0, 3)).toEqual(["usage", "retry", "usage"]);
    expect(events[1]).toMatchObject({ type: "retry", attempt: 1, delayMs: 250 });
    expect(events.filter((event) => event.type === "text_delta")).toHaveLength(2);
  });

  it("retries a connection reset before any output", async () => {
    const { client, server } = await serve(({ index, response }) => {
      if (index > 0) return sendSse(response, textMessage("after reset"));
      startSse(response);
      response.write(formatSse(sseEventsFor(textMessage("x"))[0]!), () => response.socket?.destroy());
    });
    const message = await client.create(request, { onEvent: () => undefined });
    expect(message.content).toEqual([{ type: "text", text: "after reset" }]);
    expect(server.bodies).toHaveLength(2);
  });

  it("fails without retrying when the overload comes after text was forwarded", async () => {
    const { client, server } = await serve((exchange) => {
      startWithText(exchange);
      exchange.response.end(overloadedEvent);
    });
    const { events, onEvent } = collect();
    const error = await rejection(client.create(request, { onEvent }));
    expect(error.kind).toBe("overloaded");
    expect(error.message).toContain("not retried");
    expect(server.bodies).toHaveLength(1);
    expect(events.filter((event) => event.type === "text_delta")).toHaveLength(1);
    expect(events.some((event) => event.type === "retry")).toBe(false);
  });

  it("gives up once maxRetries retries are spent, with backoff", async () => {
    const { client, sleeps, server } = await serve(({ response }) => {
      startSse(response);
      response.end(overloadedEvent);
    });
    const error = await rejection(client.create(request, { onEvent: () => undefined }));
    expect(error.kind).toBe("overloaded");
    expect(server.bodies).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("retries an api_error that arrives before any output", async () => {
    const { client, server } = await serve(({ index, response }) => {
      if (index > 0) return sendSse(response, textMessage("second try"));
      startSse(response);
      response.end(`event: error\ndata: ${JSON.stringify(apiError("api_error", "Internal error"))}\n\n`);
    });
    const message = await client.create(request);
    expect(message.content).toEqual([{ type: "text", text: "second try" }]);
    expect(server.bodies).toHaveLength(2);
  });

  it("does not retry a stream that fails with an error that is not retryable", async () => {
    const { client, server } = await serve(({ response }) => {
      startSse(response);
      response.end(`event: error\ndata: ${JSON.stringify(apiError("permission_error", "Not allowed"))}\n\n`);
    });
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("permission");
    expect(server.bodies).toHaveLength(1);
  });
});

describe("AnthropicClient failures", () => {
  it("maps 401 to authentication with advice about ANTHROPIC_API_KEY and without the key", async () => {
    const { client } = await serve(({ response }) =>
      sendJson(response, 401, apiError("authentication_error", "invalid x-api-key")),
    );
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("authentication");
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("ANTHROPIC_API_KEY");
    expect(error.message).toContain("invalid x-api-key");
    expect(error.message).not.toContain(API_KEY);
  });

  it("honours retry-after on a 429, reporting the wait as a retry event", async () => {
    const { client, server } = await serve(
      ({ index, response }) => {
        if (index === 0) {
          return sendJson(response, 429, apiError("rate_limit_error", "Too many requests"), {
            "retry-after": "2",
          });
        }
        sendSse(response, textMessage("after the wait"));
      },
      { maxRetries: 1 },
    );
    const { events, onEvent } = collect();
    const message = await client.create(request, { onEvent });
    expect(message.content).toEqual([{ type: "text", text: "after the wait" }]);
    expect(server.bodies).toHaveLength(2);
    expect(events[0]).toEqual({ type: "retry", attempt: 1, reason: "HTTP 429", delayMs: 2000 });
  });

  it("maps an exhausted 429 to rate_limit carrying retry-after", async () => {
    const { client } = await serve(
      ({ response }) =>
        sendJson(response, 429, apiError("rate_limit_error", "Too many requests"), { "retry-after": "7" }),
      { maxRetries: 0 },
    );
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("rate_limit");
    expect(error.retryAfterMs).toBe(7000);
    expect(error.message).toContain("Retry after 7s");
  });

  it("maps an HTTP 529 to overloaded once the retries are spent", async () => {
    const { client } = await serve(
      ({ response }) => sendJson(response, 529, apiError("overloaded_error", "Overloaded")),
      { maxRetries: 0 },
    );
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("overloaded");
    expect(error.retryable).toBe(true);
  });

  it("maps 400 to bad_request with the API's own message", async () => {
    const { client } = await serve(({ response }) =>
      sendJson(response, 400, apiError("invalid_request_error", "messages: roles must alternate")),
    );
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("bad_request");
    expect(error.message).toContain("messages: roles must alternate");
  });

  it("rejects with kind aborted when the signal fires mid-stream", async () => {
    const { client } = await serve((exchange) => startWithText(exchange));
    const controller = new AbortController();
    const error = await rejection(
      client.create(request, { signal: controller.signal, onEvent: () => controller.abort() }),
    );
    expect(error.kind).toBe("aborted");
  });

  it("rejects an already aborted signal without sending a request", async () => {
    const { client, server } = await serve(({ response }) => sendSse(response, textMessage("never")));
    const error = await rejection(client.create(request, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe("aborted");
    expect(server.bodies).toHaveLength(0);
  });

  it("rejects with kind aborted when the signal fires during a retry wait", async () => {
    const controller = new AbortController();
    const { client } = await serve(
      ({ response }) => {
        startSse(response);
        response.end(overloadedEvent);
      },
      {
        sleep: async () => {
          controller.abort();
          throw new DOMException("aborted", "AbortError");
        },
      },
    );
    const error = await rejection(client.create(request, { signal: controller.signal }));
    expect(error.kind).toBe("aborted");
  });

  it("maps an unreachable server to connection", async () => {
    const client = new AnthropicClient({ apiKey: API_KEY, baseURL: "http://127.0.0.1:9", maxRetries: 0 });
    const error = await rejection(client.create(request));
    expect(error.kind).toBe("connection");
    expect(error.message).toContain("http://127.0.0.1:9");
  });

  it("asks for a key when neither apiKey nor ANTHROPIC_API_KEY is set", async () => {
    vi.stubEnv("ANTHROPIC_API_KEY", "");
    try {
      const error = await rejection(new AnthropicClient({ baseURL: "http://127.0.0.1:9" }).create(request));
      expect(error.kind).toBe("authentication");
      expect(error.message).toContain("ANTHROPIC_API_KEY");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL when no options are given", async () => {
    server = await startTestServer(({ response }) => sendSse(response, textMessage("from env")));
    vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-from-env-0123456789");
    vi.stubEnv("ANTHROPIC_BASE_URL", server.url);
    try {
      const message = await new AnthropicClient().create(request);
      expect(message.content).toEqual([{ type: "text", text: "from env" }]);
      expect(server.headers[0]?.authorization).toBe("Bearer sk-ant-from-env-0123456789");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("rethrows an exception thrown by onEvent for an HTTP retry event as it is", async () => {
    const { client } = await serve(
      ({ response }) => sendJson(response, 529, apiError("overloaded_error", "Overloaded")),
      { maxRetries: 1 },
    );
    await expectListenerErrorRethrown(client);
  });

  it("rethrows an exception from onEvent as it is, without retrying", async () => {
    const { client, server } = await serve(({ response }) => sendSse(response, textMessage("hi")));
    await expectListenerErrorRethrown(client);
    expect(server.bodies).toHaveLength(1);
  });
});
