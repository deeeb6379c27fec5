import type { Message } from "@keel/wire";
import { afterEach, describe, expect, it } from "vitest";
import {
  API_KEY,
  closeServer,
  collect,
  overloadedEvent,
  request,
  serve,
  startWithText,
} from "./anthropic-client.test-helpers.js";
import { rejection } from "./model-client-error.test-helpers.js";
import {
  apiError,
  formatSse,
  sendJson,
  sendSse,
  sseEventsFor,
  startSse,
  textMessage,
  toolMessage,
} from "./sse-server.test-helpers.js";

afterEach(closeServer);

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
