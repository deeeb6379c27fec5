import type { ServerResponse } from "node:http";

/** JSON-RPC error codes the HTTP layer answers with before the MCP server sees a request. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  /** Implementation-defined server errors (-32000 to -32099). */
  unauthorized: -32001,
  forbidden: -32003,
  methodNotAllowed: -32004,
  unsupportedMediaType: -32005,
  notAcceptable: -32009,
  payloadTooLarge: -32006,
  unavailable: -32007,
  notFound: -32008,
  internal: -32603,
} as const;

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(text);
}

/** An HTTP error as a JSON-RPC error response with `id: null` (the request was not read as a call). */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJson(response, status, { jsonrpc: "2.0", error: { code, message }, id: null }, headers);
}
