import { createServer, type IncomingMessage, type Server as NodeHttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Toolset } from "@keel/tools";
import { type JSONRPCMessage, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { KeelHooks } from "./call-tool.js";
import { authenticate, type TokenSettings, tokenTable } from "./http/auth.js";
import { JsonExchangeTransport } from "./http/json-exchange.js";
import { isJsonRpcPayload } from "./http/json-rpc.js";
import { checkListenPolicy, hostOfHeader, isLoopbackHost } from "./http/listen-policy.js";
import { DEFAULT_MAX_BODY_BYTES, readBody } from "./http/read-body.js";
import { JSON_RPC, sendJson, sendJsonRpcError } from "./http/responses.js";
import { createInFlight } from "./in-flight.js";
import type { Logger } from "./logger.js";
import type { Role } from "./roles.js";
import { createKeelMcpServer } from "./server.js";
import type { StoreHealth } from "./store.js";
import type { AnnotationOverrides } from "./tool-catalog.js";
import { SERVER_VERSION } from "./version.js";

export interface HttpServerOptions extends TokenSettings {
  readonly tools: Toolset;
  readonly hooks?: KeelHooks;
  readonly annotations?: AnnotationOverrides;
  readonly logger: Logger;
  /** Default 127.0.0.1. A non-loopback host needs a token. */
  readonly host?: string;
  /** Default 8787; 0 picks a free port. */
  readonly port?: number;
  /** Default 1 MiB; larger bodies get 413. */
  readonly maxBodyBytes?: number;
  /** The store's health for `/healthz`. */
  readonly health: () => Promise<StoreHealth>;
}

export interface KeelHttpServer {
  /** `http://host:port/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish (at most `timeoutMs`), then closes every connection. */
  close(timeoutMs?: number): Promise<{ readonly drained: boolean }>;
}

/**
 * Stateless Streamable HTTP on node:http: `POST /mcp` (a fresh MCP server and transport per request,
 * sharing the toolset, hooks, store and tool catalog), `GET /healthz`. Checks, in order: path and method
 * (404/405), bearer token (401), Host header when no token is configured (403), content type (415),
 * body size (413), JSON (400 parse error), JSON-RPC shape (400 invalid request). Throws
 * KeelMcpConfigError before listening when the host is not loopback and no token is set.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<KeelHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const tokens = tokenTable(options);
  checkListenPolicy(host, tokens);
  const open = tokens.entries.length === 0;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const inFlight = createInFlight();
  const shared = {
    tools: options.tools,
    logger: options.logger,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  let draining = false;

  const serveMcp = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== "POST") {
      sendJsonRpcError(response, 405, JSON_RPC.methodNotAllowed, "Method not allowed: this stateless server accepts POST only.", { allow: "POST" });
      return;
    }
    let role: Role = "agent";
    if (!open) {
      const authentication = authenticate(request.headers.authorization, tokens);
      if (!authentication.ok) {
        const challenge = authentication.reason === "invalid" ? 'Bearer realm="keel-mcp", error="invalid_token"' : 'Bearer realm="keel-mcp"';
        sendJsonRpcError(response, 401, JSON_RPC.unauthorized, "Unauthorized: send Authorization: Bearer <token>.", { "www-authenticate": challenge });
        return;
      }
      role = authentication.role;
    } else if (!isLoopbackHost(hostOfHeader(request.headers.host))) {
      // Without a token only local callers are served; a foreign Host means DNS rebinding or a proxy.
      sendJsonRpcError(response, 403, JSON_RPC.forbidden, "Forbidden: without a token this server only answers requests addressed to localhost.");
      return;
    }
    const version = request.headers["mcp-protocol-version"];
    if (typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      sendJsonRpcError(response, 400, JSON_RPC.invalidRequest, `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version)}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}.`);
      return;
    }
    if (!isJsonContentType(request.headers["content-type"])) {
      sendJsonRpcError(response, 415, JSON_RPC.unsupportedMediaType, "Unsupported Media Type: Content-Type must be application/json.");
      return;
    }
    const body = await readBody(request, limit);
    if (body.kind === "aborted") return;
    if (body.kind === "too_large") {
      sendJsonRpcError(response, 413, JSON_RPC.payloadTooLarge, `Payload Too Large: the body exceeds ${limit} bytes.`, { connection: "close" });
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body.text);
    } catch {
      sendJsonRpcError(response, 400, JSON_RPC.parseError, "Parse error: the body is not valid JSON.");
      return;
    }
    if (!isJsonRpcPayload(payload)) {
      sendJsonRpcError(response, 400, JSON_RPC.invalidRequest, "Invalid Request: the body is not a JSON-RPC 2.0 message.");
      return;
    }
    const server = createKeelMcpServer({ ...shared, role });
    const transport = new JsonExchangeTransport();
    await server.connect(transport);
    response.once("close", () => {
      // A client that hung up mid-call: closing aborts the handlers still running (their signal fires).
      if (!response.writableFinished) void server.close();
    });
    const messages = (Array.isArray(payload) ? payload : [payload]) as JSONRPCMessage[];
    // No request info is passed on: handlers never see headers, so the token cannot leak into a tool.
    const replies = await transport.exchange(messages, {});
    if (replies.length === 0) {
      response.writeHead(202).end();
      return;
    }
    sendJson(response, 200, Array.isArray(payload) ? replies : replies[0]);
  };

  const serveHealth = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      sendJson(response, 405, { error: "Method not allowed: GET /healthz." }, { allow: "GET, HEAD" });
      return;
    }
    const store = await options.health();
    const healthy = store.status === "ok" && !draining;
    sendJson(response, healthy ? 200 : 503, {
      status: healthy ? "ok" : draining ? "stopping" : "degraded",
      version: SERVER_VERSION,
      store,
    });
  };

  const http = createServer((request, response) => {
    const path = (request.url ?? "/").split("?", 1)[0];
    if (path !== "/mcp" && path !== "/healthz") {
      sendJsonRpcError(response, 404, JSON_RPC.notFound, "Not found: the MCP endpoint is POST /mcp.");
      return;
    }
    if (draining) {
      sendJsonRpcError(response, 503, JSON_RPC.unavailable, "The server is shutting down; retry on another instance.", { connection: "close" });
      return;
    }
    const done = inFlight.begin();
    response.once("close", done);
    const serve = path === "/mcp" ? serveMcp : serveHealth;
    serve(request, response).catch((error: unknown) => {
      options.logger.error("request failed", { path, error });
      if (!response.headersSent) sendJsonRpcError(response, 500, JSON_RPC.internal, "Internal error.");
      else response.destroy();
    });
  });
  http.requestTimeout = 30_000;
  http.headersTimeout = 10_000;
  await listen(http, host, options.port ?? 8787);
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  if (open) options.logger.warn("no KEEL_MCP_TOKEN set: any local process can call the tools (loopback only)");
  options.logger.info("listening", { url: `http://${shownHost}:${port}/mcp`, auth: open ? "none (loopback)" : "bearer" });

  let closing: Promise<{ drained: boolean }> | undefined;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    port,
    close(timeoutMs = 10_000) {
      closing ??= (async () => {
        draining = true;
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        http.closeIdleConnections();
        const drained = await inFlight.idle(timeoutMs);
        http.closeAllConnections();
        await stopped;
        return { drained };
      })();
      return closing;
    },
  };
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

function listen(http: NodeHttpServer, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
}
