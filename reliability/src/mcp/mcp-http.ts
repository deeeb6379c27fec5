import { Agent, request as httpRequest } from "node:http";
import { AGENT_TOKEN } from "./mcp-server-process.js";

/** The `_meta` key a client names an action with (see packages/mcp-server README, "Idempotency"). */
const IDEMPOTENCY_META_KEY = "dev.keel/idempotency-key";

/** What a `tools/call` came back as over the wire. */
export type ToolCallAnswer =
  | {
      readonly kind: "result";
      readonly isError: boolean;
      readonly structured: Record<string, unknown> | undefined;
      readonly meta: Record<string, unknown> | undefined;
      readonly text: string;
    }
  | { readonly kind: "http_error"; readonly status: number; readonly body: string }
  /** No answer at all: the connection failed (e.g. the server was killed). The call may or may not have run. */
  | { readonly kind: "no_answer"; readonly error: string };

let nextId = 1;

/**
 * Keep-alive connections for every call: Node's fetch (undici) costs the client about five times the CPU
 * per request of node:http here, so under load it would measure itself rather than the server.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs `body` with `headers`; resolves with the status and text, rejects when no answer came. */
export function postJson(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<{ readonly status: number; readonly text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: "POST",
        agent,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        ...(signal ? { signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Headers of a well-formed call with the agent token. */
export function mcpHeaders(token: string = AGENT_TOKEN): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${token}`,
  };
}

/** One raw JSON-RPC `tools/call` over stateless HTTP; never throws. */
export async function callTool(
  url: string,
  name: string,
  args: unknown,
  options: {
    readonly idempotencyKey?: string;
    readonly conversationId?: string;
    readonly token?: string;
    readonly signal?: AbortSignal;
  } = {},
): Promise<ToolCallAnswer> {
  const params: Record<string, unknown> = { name, arguments: args };
  const meta: Record<string, unknown> = {};
  if (options.idempotencyKey) meta[IDEMPOTENCY_META_KEY] = options.idempotencyKey;
  if (options.conversationId) meta["dev.keel/conversation-id"] = options.conversationId;
  if (Object.keys(meta).length > 0) params._meta = meta;
  let status: number;
  let body: string;
  try {
    ({ status, text: body } = await postJson(
      url,
      JSON.stringify({ jsonrpc: "2.0", id: nextId++, method: "tools/call", params }),
      mcpHeaders(options.token),
      options.signal,
    ));
  } catch (error) {
    return { kind: "no_answer", error: String(error) };
  }
  if (status < 200 || status >= 300) return { kind: "http_error", status, body };
  const parsed = JSON.parse(body) as {
    result?: {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
      _meta?: Record<string, unknown>;
      content?: { text?: string }[];
    };
  };
  const result = parsed.result ?? {};
  return {
    kind: "result",
    isError: result.isError === true,
    structured: result.structuredContent,
    meta: result._meta,
    text: result.content?.map((part) => part.text ?? "").join("\n") ?? "",
  };
}

/** GET /healthz: the status code, or 0 when nothing answered. */
export async function healthStatus(healthUrl: string): Promise<number> {
  try {
    const response = await fetch(healthUrl);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
