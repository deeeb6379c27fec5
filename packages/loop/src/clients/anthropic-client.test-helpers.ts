// The AnthropicClient against a local SSE server: a client wired to it, with recorded backoff sleeps.
import type { Message, MessageCreateRequest } from "@keel/wire";
import { expect } from "vitest";
import { AnthropicClient, type AnthropicClientOptions } from "./anthropic-client.js";
import type { ModelStreamEvent } from "./model-client.js";
import {
  apiError,
  type Exchange,
  formatSse,
  sseEventsFor,
  startSse,
  startTestServer,
  type TestServer,
  textMessage,
} from "./sse-server.test-helpers.js";

export const API_KEY = "sk-ant-api03-test-key-0123456789abcdef";
export const request: MessageCreateRequest = {
  model: "claude-test",
  max_tokens: 1024,
  system: "You are terse.",
  messages: [{ role: "user", content: "please summarize RAG.md" }],
};

let server: TestServer | undefined;

/** Closes the server `serve` started (each test file calls it after each test). */
export async function closeServer(): Promise<void> {
  await server?.close();
  server = undefined;
}

export async function serve(
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

export function collect() {
  const events: ModelStreamEvent[] = [];
  return { events, onEvent: (event: ModelStreamEvent) => events.push(event) };
}

/** Sends message_start and the first text delta, i.e. output the client will forward. */
export function startWithText(exchange: Exchange, message: Message = textMessage("Hello there")) {
  startSse(exchange.response);
  const events = sseEventsFor(message);
  for (const event of events.slice(0, 4)) exchange.response.write(formatSse(event));
}

/** Asks `client` with an onEvent listener that throws, and expects that very error back. */
export async function expectListenerErrorRethrown(client: AnthropicClient) {
  const bug = new Error("listener bug");
  await expect(
    client.create(request, {
      onEvent: () => {
        throw bug;
      },
    }),
  ).rejects.toBe(bug);
}

export const overloadedEvent = `event: error\ndata: ${JSON.stringify(apiError("overloaded_error", "Overloaded"))}\n\n`;
