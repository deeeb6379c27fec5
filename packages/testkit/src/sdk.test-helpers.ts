import Anthropic from "@anthropic-ai/sdk";
import { onTestFinished } from "vitest";
import { type FakeMessagesApi, type FakeMessagesApiOptions, startFakeMessagesApi } from "./index.js";

/** Starts a server that is closed when the current test ends. */
export async function startServer(options: FakeMessagesApiOptions): Promise<FakeMessagesApi> {
  const server = await startFakeMessagesApi(options);
  onTestFinished(() => server.close());
  return server;
}

/** The real SDK pointed at the fake; retries are off unless asked for. */
export function sdkClient(server: FakeMessagesApi, maxRetries = 0): Anthropic {
  return new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries });
}

export const WEATHER_TOOL = {
  name: "get_weather",
  description: "Current weather for a city.",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

/** A minimal valid request with one user turn. */
export function userRequest(text = "What is the weather in Paris?") {
  return {
    model: "claude-test-model",
    max_tokens: 256,
    system: "You are a weather assistant.",
    tools: [WEATHER_TOOL],
    messages: [{ role: "user" as const, content: text }],
  };
}

/** Posts a body as the SDK would and returns the raw answer. */
export async function rawPost(
  server: FakeMessagesApi,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${server.url}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "test-key",
      "anthropic-version": "2023-06-01",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Splits raw SSE text into `{ event, data }` pairs. */
export function parseSse(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .filter((chunk) => chunk !== "")
    .map((chunk) => {
      const [eventLine = "", dataLine = ""] = chunk.split("\n");
      return { event: eventLine.replace(/^event: /, ""), data: JSON.parse(dataLine.replace(/^data: /, "")) };
    });
}
