import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleCountTokens } from "./count-tokens-endpoint.js";
import { errorBody, sendJson } from "./http-responses.js";
import { IssuedCompactions } from "./issued-compactions.js";
import { handleMessages } from "./messages-endpoint.js";
import { type FakeMessagesApiOptions, type RecordedRequest, resolveOptions } from "./options.js";
import { PromptCache } from "./prompt-cache.js";
import { routeOf } from "./providers.js";
import type { ServerState } from "./server-state.js";

/** A running fake Messages API. */
export interface FakeMessagesApi {
  /** Base URL for the SDK's `baseURL`, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  port: number;
  /** Every `POST /v1/messages` received, in arrival order (a live array). */
  requests: readonly RecordedRequest[];
  /** Scripted responses not served yet; 0 with a handler. */
  readonly remaining: number;
  /** Stops listening and destroys every connection, keep-alive and mid-stream ones included. */
  close(): Promise<void>;
}

/**
 * Starts a fake Anthropic Messages API on 127.0.0.1 that the real `@anthropic-ai/sdk` can use through
 * `baseURL`: `POST /v1/messages` answers JSON or SSE, checks requests like the real API and injects faults.
 * Throws `TestkitConfigError` for invalid options.
 */
export async function startFakeMessagesApi(options: FakeMessagesApiOptions): Promise<FakeMessagesApi> {
  const resolved = resolveOptions(options);
  const state: ServerState = {
    options: resolved,
    requests: [],
    cache: new PromptCache(),
    compactions: new IssuedCompactions(),
    activeStreams: new Set(),
    requestCount: 0,
    scriptCursor: 0,
  };
  const server = createServer((request, response) => {
    route(state, request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const message = `@keel/testkit: internal error: ${error instanceof Error ? error.message : String(error)}`;
      sendJson(
        response,
        500,
        JSON.stringify(errorBody("api_error", message, "req_fake_error")),
        "req_fake_error",
        {
          "x-should-retry": "false",
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    get remaining() {
      return resolved.script ? resolved.script.length - state.scriptCursor : 0;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const cancel of state.activeStreams) cancel();
        state.activeStreams.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function route(state: ServerState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = request.url?.split("?", 1)[0] ?? "";
  if (path === "/v1/messages/count_tokens" && request.method === "POST")
    return handleCountTokens(request, response);
  const providerRoute = routeOf(path);
  if (providerRoute) {
    if (request.method === "POST") return handleMessages(state, request, response, providerRoute);
    return notFound(response, `${request.method} is not allowed on ${path}; use POST.`, 405);
  }
  notFound(
    response,
    `Not found: ${request.method} ${path}. The fake serves POST /v1/messages, POST /v1/messages/count_tokens (and Bedrock's and Vertex's model paths) only.`,
    404,
  );
}

function notFound(response: ServerResponse, message: string, status: number): void {
  // An unread request body would stall the keep-alive connection.
  response.req.resume();
  sendJson(
    response,
    status,
    JSON.stringify(errorBody("not_found_error", message, "req_fake_none")),
    "req_fake_none",
  );
}
