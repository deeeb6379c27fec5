import type { IncomingMessage, ServerResponse } from "node:http";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { Role } from "../roles.js";
import { authenticate, type TokenTable } from "./auth.js";
import { isJsonRpcPayload } from "./json-rpc.js";
import { hostOfHeader, isLoopbackHost } from "./listen-policy.js";
import {
  hostAllowed,
  jsonDepth,
  MAX_JSON_DEPTH,
  type OriginPolicy,
  originAllowed,
  repeatedBatchId,
} from "./origin-policy.js";
import { readBody } from "./read-body.js";
import { JSON_RPC, sendJsonRpcError } from "./responses.js";

export interface GateSettings {
  readonly tokens: TokenTable;
  readonly maxBodyBytes: number;
  readonly origins: OriginPolicy;
}

/** A POST /mcp that passed every check: who is calling and the parsed JSON-RPC payload. */
export interface AdmittedRequest {
  readonly role: Role;
  readonly payload: unknown;
}

const CHALLENGE = 'Bearer realm="keel-mcp"';

/**
 * Checks a POST /mcp in order — method (405), bearer token (401; or, with no token configured, a
 * loopback Host header: 403), protocol version (400), Accept (406), content type (415), size (413),
 * JSON (400 parse error), JSON-RPC shape (400 invalid request) — and answers the first failure itself.
 * Resolves undefined when it answered (or the client went away).
 */
export async function admit(
  request: IncomingMessage,
  response: ServerResponse,
  settings: GateSettings,
): Promise<AdmittedRequest | undefined> {
  const refuse = (status: number, code: number, message: string, headers?: Record<string, string>) => {
    sendJsonRpcError(response, status, code, message, headers);
    return undefined;
  };
  if (request.method !== "POST") {
    return refuse(
      405,
      JSON_RPC.methodNotAllowed,
      "Method not allowed: this stateless server accepts POST only.",
      {
        allow: "POST",
      },
    );
  }
  if (!originAllowed(header(request.headers.origin), settings.origins)) {
    return refuse(
      403,
      JSON_RPC.forbidden,
      "Forbidden: this Origin may not call the server (see --allowed-origin).",
    );
  }
  const host = hostOfHeader(request.headers.host);
  if (settings.tokens.entries.length > 0 && !hostAllowed(host, settings.origins)) {
    return refuse(
      403,
      JSON_RPC.forbidden,
      "Forbidden: this Host is not one of the server's names (see --allowed-host).",
    );
  }
  let role: Role = "agent";
  if (settings.tokens.entries.length > 0) {
    const authentication = authenticate(request.headers.authorization, settings.tokens);
    if (!authentication.ok) {
      const challenge =
        authentication.reason === "invalid" ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE;
      return refuse(401, JSON_RPC.unauthorized, "Unauthorized: send Authorization: Bearer <token>.", {
        "www-authenticate": challenge,
      });
    }
    role = authentication.role;
  } else if (!isLoopbackHost(host)) {
    // Without a token only local callers are served; a foreign Host means DNS rebinding or a proxy.
    return refuse(403, JSON_RPC.forbidden, "Forbidden: without a token this server only answers localhost.");
  }
  const version = request.headers["mcp-protocol-version"];
  if (typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refuse(
      400,
      JSON_RPC.invalidRequest,
      `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version)}; supported: ` +
        `${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}.`,
    );
  }
  if (!acceptsJson(request.headers.accept)) {
    return refuse(
      406,
      JSON_RPC.notAcceptable,
      "Not Acceptable: the Accept header must allow application/json.",
    );
  }
  if (!isJsonContentType(request.headers["content-type"])) {
    return refuse(
      415,
      JSON_RPC.unsupportedMediaType,
      "Unsupported Media Type: Content-Type must be application/json.",
    );
  }
  const body = await readBody(request, settings.maxBodyBytes);
  if (body.kind === "aborted") return undefined;
  if (body.kind === "too_large") {
    return refuse(
      413,
      JSON_RPC.payloadTooLarge,
      `Payload Too Large: the body exceeds ${settings.maxBodyBytes} bytes.`,
    );
  }
  if (jsonDepth(body.text) > MAX_JSON_DEPTH) {
    return refuse(
      400,
      JSON_RPC.invalidRequest,
      `Invalid Request: the JSON nests deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.text);
  } catch {
    return refuse(400, JSON_RPC.parseError, "Parse error: the body is not valid JSON.");
  }
  if (!isJsonRpcPayload(payload)) {
    return refuse(400, JSON_RPC.invalidRequest, "Invalid Request: the body is not a JSON-RPC 2.0 message.");
  }
  if (repeatedBatchId(payload)) {
    // Answers are matched by id: a repeated id would run every request and answer only one.
    return refuse(
      400,
      JSON_RPC.invalidRequest,
      "Invalid Request: a batch repeats a request id; nothing was run.",
    );
  }
  return { role, payload };
}

/** A missing Accept header accepts anything; otherwise JSON (or a wildcard) must be listed. */
function acceptsJson(header: string | undefined): boolean {
  if (header === undefined) return true;
  return header
    .split(",")
    .some((range) => /^\s*(application\/json|application\/\*|\*\/\*)\s*(;|$)/i.test(range));
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
