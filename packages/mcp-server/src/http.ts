import {
  createServer,
  type IncomingMessage,
  type Server as NodeHttpServer,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { ToolHooks } from "@keel/hooks";
import type { Toolset } from "@keel/tools";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Tracer } from "@opentelemetry/api";
import { KeelMcpConfigError } from "./config-error.js";
import type { ConversationStore } from "./conversations.js";
import { type TokenSettings, tokenTable } from "./http/auth.js";
import { JsonExchangeTransport } from "./http/json-exchange.js";
import { checkListenPolicy } from "./http/listen-policy.js";
import { originPolicy } from "./http/origin-policy.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http/read-body.js";
import { admit } from "./http/request-gate.js";
import { JSON_RPC, sendJson, sendJsonRpcError } from "./http/responses.js";
import { createInFlight } from "./in-flight.js";
import type { Logger } from "./logger.js";
import { createKeelMcpServer, type KeelMcpServerOptions } from "./server.js";
import type { StoreHealth } from "./store.js";
import { SERVER_VERSION } from "./version.js";

export interface HttpServerOptions extends TokenSettings {
  readonly tools: Toolset;
  readonly hooks?: ToolHooks | undefined;
  readonly logger: Logger;
  /** Default 127.0.0.1. A non-loopback host needs a token. */
  readonly host?: string | undefined;
  /** Default 8787; 0 picks a free port. */
  readonly port?: number | undefined;
  /** Default 1 MiB; larger bodies get 413. */
  readonly maxBodyBytes?: number | undefined;
  /** The store's health for `/healthz`. */
  readonly health: () => Promise<StoreHealth>;
  /** Browser origins allowed besides loopback ones (`https://app.example.com`); others get 403. */
  readonly allowedOrigins?: readonly string[] | undefined;
  /** Host names allowed besides loopback and the bind address; others get 403, with a token too. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Open connections at most; more are refused at once. Default 1024. */
  readonly maxConnections?: number | undefined;
  /**
   * A connection whose request headers have not all arrived within this long is closed (checked every
   * second), so stalled clients cannot hold connections. Default 10,000 ms.
   */
  readonly headersTimeoutMs?: number | undefined;
  /** Conversation histories in the store: a call naming `_meta["dev.keel/conversation-id"]` gets its own. */
  readonly conversations?: ConversationStore | undefined;
  /** The hooks for calls in a conversation (the ones that look back included). */
  readonly conversationHooks?: ToolHooks | undefined;
  /** Refuse write tools outside a conversation (`permission` CONVERSATION_REQUIRED). */
  readonly requireConversationForWrites?: boolean | undefined;
  /**
   * The supervisor's tools (e.g. `createApprovalTools` of @keel/support-desk), served only to callers with
   * `supervisorToken`, without the support hooks; required when `supervisorToken` is set.
   */
  readonly supervisorTools?: Toolset | undefined;
  /** A span per tools/call (see `KeelMcpServerOptions.tracer`). */
  readonly tracer?: Tracer | undefined;
}

export interface KeelHttpServer {
  /** `http://host:port/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets requests in flight finish (at most `timeoutMs`), then closes every connection. */
  close(timeoutMs?: number): Promise<{ readonly drained: boolean }>;
}

/** How long a connection may take to send its request headers, unless `headersTimeoutMs` says otherwise. */
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/**
 * Stateless Streamable HTTP on node:http: `POST /mcp` answers with `application/json` from a fresh MCP
 * server per request (sharing the toolset, hooks, store and tool catalog); `GET /healthz` reports the
 * store. Every request passes the checks of `admit` first. Throws KeelMcpConfigError before listening
 * when the host is not loopback and no token is set, or a token is unusable.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<KeelHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const tokens = tokenTable(options);
  checkListenPolicy(host, tokens);
  const gate = {
    tokens,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    origins: originPolicy(host, options, tokens.entries.length > 0),
  };
  const shared: KeelMcpServerOptions = {
    tools: options.tools,
    logger: options.logger,
    ...(options.tracer ? { tracer: options.tracer } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.conversations ? { conversations: options.conversations } : {}),
    ...(options.conversationHooks ? { conversationHooks: options.conversationHooks } : {}),
    ...(options.requireConversationForWrites ? { requireConversationForWrites: true } : {}),
  };
  const headersTimeoutMs = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  if (!(Number.isInteger(headersTimeoutMs) && headersTimeoutMs >= 1)) {
    throw new KeelMcpConfigError(
      "INVALID_HEADERS_TIMEOUT",
      `headersTimeoutMs must be a whole number of milliseconds, at least 1; got ${String(headersTimeoutMs)}.`,
    );
  }
  if (options.supervisorToken && options.supervisorTools === undefined) {
    throw new KeelMcpConfigError(
      "SUPERVISOR_TOOLS_MISSING",
      "a supervisor token is set but no supervisor tools are: give `supervisorTools` (keel-mcp builds them from KEEL_APPROVAL_KEY).",
    );
  }
  const supervisor: KeelMcpServerOptions | undefined =
    options.supervisorTools === undefined
      ? undefined
      : {
          tools: options.supervisorTools,
          logger: options.logger,
          ...(options.tracer ? { tracer: options.tracer } : {}),
        };
  const inFlight = createInFlight();
  let draining = false;

  const serveMcp = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const admitted = await admit(request, response, gate);
    if (!admitted) return;
    const server = createKeelMcpServer({
      ...(admitted.role === "supervisor" && supervisor !== undefined ? supervisor : shared),
      role: admitted.role,
    });
    const transport = new JsonExchangeTransport();
    await server.connect(transport);
    response.once("close", () => {
      // A client that hung up mid-call: closing aborts the handlers still running (their signal fires).
      if (!response.writableFinished) void server.close();
    });
    const { payload } = admitted;
    // No request info is passed on: handlers never see headers, so the token cannot reach a tool.
    const replies = await transport.exchange(
      (Array.isArray(payload) ? payload : [payload]) as JSONRPCMessage[],
      {},
    );
    if (replies.length === 0) response.writeHead(202).end();
    else sendJson(response, 200, Array.isArray(payload) ? replies : replies[0]);
  };

  const serveHealth = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      sendJson(response, 405, { error: "Method not allowed: GET /healthz." }, { allow: "GET, HEAD" });
      return;
    }
    const store = await options.health();
    const healthy = store.status === "ok" && !draining;
    const status = healthy ? "ok" : draining ? "stopping" : "degraded";
    sendJson(response, healthy ? 200 : 503, { status, version: SERVER_VERSION, store });
  };

  // Checked every second, so the header and request limits hold to the second, not to node's 30 s sweep.
  const http = createServer({ connectionsCheckingInterval: 1_000 }, (request, response) => {
    const path = (request.url ?? "/").split("?", 1)[0];
    if (path !== "/mcp" && path !== "/healthz") {
      sendJsonRpcError(response, 404, JSON_RPC.notFound, "Not found: the MCP endpoint is POST /mcp.");
      return;
    }
    if (draining) {
      sendJsonRpcError(response, 503, JSON_RPC.unavailable, "The server is shutting down; retry shortly.", {
        connection: "close",
      });
      return;
    }
    response.once("close", inFlight.begin());
    (path === "/mcp" ? serveMcp : serveHealth)(request, response).catch((error: unknown) => {
      options.logger.error("request failed", { path, error });
      if (!response.headersSent) sendJsonRpcError(response, 500, JSON_RPC.internal, "Internal error.");
      else response.destroy();
    });
  });
  http.headersTimeout = headersTimeoutMs;
  // The whole request may take as long as its headers may (node requires at least that), and 10 s at least.
  http.requestTimeout = Math.max(headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS);
  http.maxConnections = options.maxConnections ?? 1024;
  await listen(http, host, options.port ?? 8787);
  const port = (http.address() as AddressInfo).port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/mcp`;
  const open = tokens.entries.length === 0;
  if (open)
    options.logger.warn("no KEEL_MCP_TOKEN set: any local process can call the tools (loopback only)");
  options.logger.info("listening", { url, auth: open ? "none (loopback only)" : "bearer" });

  let closing: Promise<{ drained: boolean }> | undefined;
  return {
    url,
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

function listen(http: NodeHttpServer, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
}
