import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  type FakeMessagesApi,
  type Fault,
  startFakeMessagesApi,
  TestkitConfigError,
  textResponse,
  toolUseResponse,
} from "./index.js";
import { parseSse, rawPost, sdkClient, startServer, userRequest } from "./sdk.test-helpers.js";

const answer = textResponse("The weather in Paris is sunny and 21 degrees.");
const weatherCall = toolUseResponse(
  [{ name: "get_weather", input: { city: "Paris", unit: "celsius", days: 3 } }],
  {
    text: "Let me look that up.",
  },
);

/** A fake serving `response`, with `fault` on the first request. */
function serveWithFault(fault: Fault | Fault[], response = answer): Promise<FakeMessagesApi> {
  return startServer({ script: [response], faults: { 0: fault } });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => error,
  );
}

describe("HTTP faults", () => {
  it("answers 429 rate_limit_error with a retry-after header", async () => {
    const server = await serveWithFault({ type: "http", status: 429 });
    const response = await rawPost(server, userRequest());
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(JSON.parse(response.text).error.type).toBe("rate_limit_error");
  });

  it("lets the SDK retry a 429 after retry-after-ms and serve the scripted answer", async () => {
    const server = await serveWithFault({ type: "http", status: 429, retryAfterMs: 5 });
    const message = await sdkClient(server, 1).messages.create(userRequest());

    expect(message.content).toEqual(answer.content);
    expect(server.requests.map((request) => request.response?.status)).toEqual([429, 200]);
    expect(server.requests[1]?.headers["x-stainless-retry-count"]).toBe("1");
  });

  it.each([
    { header: "retry-after-ms", retryAfter: { retryAfterMs: 37 }, delay: 37 },
    { header: "retry-after seconds", retryAfter: { retryAfterSeconds: 0.043 }, delay: 43 },
  ])("makes the SDK wait exactly the $header it sends", async ({ retryAfter, delay }) => {
    const server = await serveWithFault({ type: "http", status: 429, ...retryAfter });
    const timers = vi.spyOn(globalThis, "setTimeout");
    onTestFinished(() => timers.mockRestore());
    await sdkClient(server, 1).messages.create(userRequest());
    expect(timers.mock.calls.map(([, wait]) => wait)).toContain(delay);
  });

  it("surfaces a 429 as RateLimitError with its retry-after when retries are off", async () => {
    const server = await startServer({
      script: [answer],
      faults: [{ type: "http", status: 429, retryAfterSeconds: 7 }],
    });
    const error = await failure(sdkClient(server).messages.create(userRequest()));
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers.get("retry-after")).toBe("7");
  });

  it("answers 529 overloaded_error, which the SDK retries", async () => {
    const server = await serveWithFault({ type: "http", status: 529, retryAfterMs: 1 });
    await sdkClient(server, 1).messages.create(userRequest());
    expect(server.requests[0]?.response?.error).toEqual({ type: "overloaded_error", message: "Overloaded" });
  });

  it("surfaces a 529 with error type overloaded_error when retries are off", async () => {
    const server = await serveWithFault({ type: "http", status: 529 });
    const error = (await failure(sdkClient(server).messages.create(userRequest()))) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error.status).toBe(529);
    expect(error.type).toBe("overloaded_error");
  });

  it("answers 500 api_error, which the SDK retries", async () => {
    const server = await serveWithFault({ type: "http", status: 500, retryAfterMs: 1 });
    const message = await sdkClient(server, 1).messages.create(userRequest());
    expect(message.content).toEqual(answer.content);
    expect(server.requests[0]?.response?.error?.type).toBe("api_error");
  });

  it("stops the SDK from retrying with shouldRetry false", async () => {
    const server = await serveWithFault({ type: "http", status: 529, shouldRetry: false });
    await failure(sdkClient(server, 2).messages.create(userRequest()));
    expect(server.requests).toHaveLength(1);
  });

  it("takes faults from a function of the request index", async () => {
    const server = await startServer({
      script: [answer],
      faults: (index) => (index < 2 ? { type: "http", status: 503, retryAfterMs: 1 } : undefined),
    });
    await sdkClient(server, 2).messages.create(userRequest());
    expect(server.requests.map((request) => request.response?.status)).toEqual([503, 503, 200]);
  });
});

describe("stream faults", () => {
  it("sends an SSE error event right after the given number of deltas", async () => {
    const server = await serveWithFault({ type: "error-after-deltas", count: 2 }, weatherCall);
    const events = parseSse((await rawPost(server, { ...userRequest(), stream: true })).text);

    expect(events.filter((event) => event.event === "content_block_delta")).toHaveLength(2);
    expect(events.at(-1)).toEqual({
      event: "error",
      data: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    });
  });

  it("fails the SDK stream with an overloaded_error APIError mid-stream", async () => {
    const server = await serveWithFault({ type: "error-after-deltas", count: 1 }, weatherCall);
    const texts: string[] = [];
    const stream = sdkClient(server).messages.stream(userRequest());
    stream.on("text", (delta) => texts.push(delta));
    const error = (await failure(stream.finalMessage())) as InstanceType<typeof Anthropic.APIError>;

    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.type).toBe("overloaded_error");
    expect(texts).toHaveLength(1);
  });

  it("serves the interrupted response again to the next request", async () => {
    const server = await serveWithFault({ type: "error-after-deltas", count: 0 }, weatherCall);
    const client = sdkClient(server);
    await failure(client.messages.stream(userRequest()).finalMessage());
    const retried = await client.messages.stream(userRequest()).finalMessage();
    expect(retried.content).toEqual(weatherCall.content);
    expect(server.remaining).toBe(0);
  });

  it("answers a non-streaming request under error-after-deltas with the same error as HTTP 529", async () => {
    const server = await serveWithFault({ type: "error-after-deltas", count: 3 });
    const error = (await failure(sdkClient(server).messages.create(userRequest()))) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error.status).toBe(529);
  });

  it("closes the connection after the given number of events", async () => {
    const server = await serveWithFault({ type: "reset-after-events", count: 5 }, weatherCall);
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": "k", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ ...userRequest(), stream: true }),
    });
    const received: string[] = [];
    const decoder = new TextDecoder();
    const readAll = async () => {
      for await (const chunk of response.body!) received.push(decoder.decode(chunk, { stream: true }));
    };
    await expect(readAll()).rejects.toThrow(/terminated/);
    expect(parseSse(received.join("")).map((event) => event.event)).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
    ]);
  });

  it("fails the SDK stream as a connection error after a reset", async () => {
    const server = await serveWithFault({ type: "reset-after-events", count: 4 }, weatherCall);
    const error = await failure(sdkClient(server, 2).messages.stream(userRequest()).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect(String(error)).toMatch(/terminated/);
    expect(server.requests).toHaveLength(1);
  });

  it("lets the SDK retry a JSON request whose connection closed before any byte", async () => {
    const server = await serveWithFault({ type: "reset-after-events", count: 0 });
    const message = await sdkClient(server, 1).messages.create(userRequest());
    expect(message.content).toEqual(answer.content);
    expect(server.requests.map((request) => request.response?.status)).toEqual([0, 200]);
  });

  it("streams slowly for one request and completely", async () => {
    const server = await serveWithFault({ type: "slow", eventDelayMs: 1, blockDelayMs: [0, 3] }, weatherCall);
    const final = await sdkClient(server).messages.stream(userRequest()).finalMessage();
    expect(final.content).toEqual(weatherCall.content);
  });

  it("combines a slow stream with a reset", async () => {
    const server = await serveWithFault(
      [
        { type: "slow", eventDelayMs: 1 },
        { type: "reset-after-events", count: 6 },
      ],
      weatherCall,
    );
    await failure(sdkClient(server).messages.stream(userRequest()).finalMessage());
    expect(server.requests[0]?.response?.faults.map((fault) => fault.type)).toEqual([
      "slow",
      "reset-after-events",
    ]);
  });
});

describe("max_tokens cutoff", () => {
  it("streams a tool_use input cut off mid-JSON with stop_reason max_tokens", async () => {
    const server = await serveWithFault({ type: "max-tokens", inputChars: 20 }, weatherCall);
    const events = parseSse((await rawPost(server, { ...userRequest(), stream: true })).text);
    const partialJson = events
      .filter((event) => event.event === "content_block_delta" && event.data.index === 1)
      .map((event) => (event.data.delta as { partial_json: string }).partial_json)
      .join("");
    const messageDelta = events.find((event) => event.event === "message_delta")?.data;

    expect(partialJson).toBe('{"city":"Paris","uni');
    expect(() => JSON.parse(partialJson)).toThrow();
    expect(messageDelta).toEqual({
      type: "message_delta",
      delta: { stop_reason: "max_tokens", stop_sequence: null },
      usage: { output_tokens: 256 },
    });
  });

  it("gives the SDK's final message stop_reason max_tokens and an incomplete input", async () => {
    const server = await serveWithFault({ type: "max-tokens" }, weatherCall);
    const final = await sdkClient(server).messages.stream(userRequest()).finalMessage();
    expect(final.stop_reason).toBe("max_tokens");
    expect(final.content[1]).toMatchObject({ type: "tool_use", name: "get_weather" });
    expect(final.content[1]).not.toEqual(weatherCall.content[1]);
  });

  it("keeps only the input properties completed before the cut in a JSON answer", async () => {
    const server = await serveWithFault({ type: "max-tokens", inputChars: 32 }, weatherCall);
    const message = await sdkClient(server).messages.create(userRequest());
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.usage.output_tokens).toBe(256);
    expect((message.content[1] as Anthropic.ToolUseBlock).input).toEqual({ city: "Paris", unit: "celsius" });
  });

  it("drops blocks after the cut and halves a text-only answer", async () => {
    const server = await serveWithFault({ type: "max-tokens" });
    const message = await sdkClient(server).messages.create(userRequest());
    expect(message.content).toEqual([{ type: "text", text: "The weather in Paris is" }]);
  });
});

describe("fault declarations", () => {
  it("rejects an unknown fault type at start", async () => {
    const faults = { 1: { type: "explode" } } as never;
    const error = await failure(startFakeMessagesApi({ script: [], faults }));
    expect(TestkitConfigError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('faults[1]: unknown fault type "explode"');
  });

  it("rejects an http fault outside 400 to 599", async () => {
    await expect(
      startFakeMessagesApi({ script: [], faults: [{ type: "http", status: 200 }] }),
    ).rejects.toThrow(/status from 400 to 599/);
  });

  it("answers 500 when a fault function returns an invalid fault", async () => {
    const server = await startServer({
      script: [answer],
      faults: () => ({ type: "reset-after-events", count: -1 }),
    });
    const error = await failure(sdkClient(server, 2).messages.create(userRequest()));
    expect(String(error)).toContain("needs count as a non-negative integer");
    expect(server.requests).toHaveLength(1);
  });
});
