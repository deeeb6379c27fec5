import { AGENT_TOKEN } from "./mcp-server-process.js";

/** The `_meta` key a client names an action with (see apps/mcp-server README, "Idempotency"). */
export const IDEMPOTENCY_META_KEY = "dev.keel/idempotency-key";

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
  options: { readonly idempotencyKey?: string; readonly token?: string; readonly signal?: AbortSignal } = {},
): Promise<ToolCallAnswer> {
  const params: Record<string, unknown> = { name, arguments: args };
  if (options.idempotencyKey) params._meta = { [IDEMPOTENCY_META_KEY]: options.idempotencyKey };
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: mcpHeaders(options.token),
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method: "tools/call", params }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    body = await response.text();
  } catch (error) {
    return { kind: "no_answer", error: String((error as Error).cause ?? error) };
  }
  if (!response.ok) return { kind: "http_error", status: response.status, body };
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
