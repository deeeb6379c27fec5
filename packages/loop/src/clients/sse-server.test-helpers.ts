import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ContentBlock, Message } from "@keel/wire";

/** What a test server handler gets: the parsed body, its 0-based request number and the raw exchange. */
export interface Exchange {
  readonly body: Record<string, unknown>;
  readonly index: number;
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
}

export interface TestServer {
  readonly url: string;
  readonly bodies: Array<Record<string, unknown>>;
  readonly headers: IncomingMessage["headers"][];
  close(): Promise<void>;
}

/** A minimal POST /v1/messages server on 127.0.0.1 for driving the real SDK in tests. */
export async function startTestServer(
  handle: (exchange: Exchange) => void | Promise<void>,
): Promise<TestServer> {
  const bodies: Array<Record<string, unknown>> = [];
  const headers: IncomingMessage["headers"][] = [];
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const index = bodies.length;
      bodies.push(body);
      headers.push(request.headers);
      Promise.resolve(handle({ body, index, request, response })).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SseEvent {
  readonly event: string;
  readonly data: unknown;
}

/**
 * The exact event sequence of the Messages API for `message` (reference 003): message_start with empty
 * content, content_block_start (tool_use with `input: {}`), a ping after the first block start, text in
 * `chunks` pieces, tool input as input_json_delta chunks starting with "", content_block_stop,
 * message_delta (stop_reason + usage), message_stop.
 */
export function sseEventsFor(message: Message, chunks = 2): SseEvent[] {
  const events: SseEvent[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          ...message,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...message.usage, output_tokens: 1 },
        },
      },
    },
  ];
  message.content.forEach((block, index) => {
    events.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: startOf(block) },
    });
    if (index === 0) events.push({ event: "ping", data: { type: "ping" } });
    for (const delta of deltasOf(block, chunks)) {
      events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } });
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push(
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
        usage: { output_tokens: message.usage.output_tokens },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  );
  return events;
}

function startOf(block: ContentBlock): ContentBlock {
  if (block.type === "text") return { ...block, text: "" };
  if (block.type === "tool_use") return { ...block, input: {} };
  return block;
}

function deltasOf(block: ContentBlock, chunks: number): Array<Record<string, unknown>> {
  if (block.type === "text") {
    return split(block.text as string, chunks).map((text) => ({ type: "text_delta", text }));
  }
  if (block.type === "tool_use") {
    const json = JSON.stringify(block.input);
    const pieces = json === "{}" ? [""] : ["", ...split(json, chunks)];
    return pieces.map((partial_json) => ({ type: "input_json_delta", partial_json }));
  }
  return [];
}

function split(text: string, chunks: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / chunks));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export function startSse(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
}

/** Sends the whole SSE response for `message` at once. */
export function sendSse(response: ServerResponse, message: Message): void {
  startSse(response);
  response.end(sseEventsFor(message).map(formatSse).join(""));
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export function apiError(type: string, message: string) {
  return { type: "error", error: { type, message } };
}

export const textMessage = (text: string, id = "msg_text"): Message => ({
  id,
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [{ type: "text", text }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 10, output_tokens: 5 },
});

/** The golden-standard turn of reference 003: a text block then a Read tool_use. */
export const toolMessage = (): Message => ({
  id: "msg_tool",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [
    { type: "text", text: "I'll read the RAG.md file to provide you with a summary." },
    {
      type: "tool_use",
      id: "toolu_01BFph4BwyMk1PSv8tn7Mqmr",
      name: "Read",
      input: { file_path: "/tmp/RAG.md" },
    },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 20, output_tokens: 12 },
});
