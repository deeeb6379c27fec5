import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import {
  API_KEY,
  closeServer,
  collect,
  expectListenerErrorRethrown,
  overloadedEvent,
  request,
  serve,
  startWithText,
} from "./anthropic-client.test-helpers.js";
import { rejection } from "./model-client-error.test-helpers.js";
import {
  apiError,
  sendJson,
  sendSse,
  startSse,
  startTestServer,
  textMessage,
} from "./sse-server.test-helpers.js";

afterEach(closeServer);

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
    const server = await startTestServer(({ response }) => sendSse(response, textMessage("from env")));
    onTestFinished(() => server.close());
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
