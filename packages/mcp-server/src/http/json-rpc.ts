import { isRecord } from "@keel/errors/internal";

/** Batches larger than this are refused outright (the SDK refuses them too). */
const MAX_BATCH = 100;

/**
 * True for a JSON-RPC 2.0 request, notification or response, or a non-empty batch of them. The MCP
 * transport checks the details; this only decides between "hand it over" and "400 Invalid Request".
 */
export function isJsonRpcPayload(value: unknown): boolean {
  if (Array.isArray(value))
    return value.length > 0 && value.length <= MAX_BATCH && value.every(isJsonRpcMessage);
  return isJsonRpcMessage(value);
}

function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== "2.0") return false;
  if (typeof message.method === "string") {
    // MCP params are an object or absent. The SDK drops any other shape as an unknown message and never
    // answers it, so an HTTP exchange waiting for that id would hang: refuse it here instead.
    if ("params" in message && !isRecord(message.params)) return false;
    return message.id === undefined || isId(message.id);
  }
  if ("error" in message) return message.id === null || isId(message.id);
  return isId(message.id) && "result" in message;
}

function isId(id: unknown): boolean {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}
