import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpClientError } from "../mcp-client-error.js";

/**
 * The most an authorization-side response may weigh: protected-resource metadata, authorization-server
 * metadata, a registration or a token response. Real ones are a few KiB (JWT access and ID tokens included);
 * 256 KiB leaves room for any honest server and none for one that would fill the client's memory.
 */
export const AUTHORIZATION_RESPONSE_LIMIT = 256 * 1024;

/** Statuses whose responses carry no body (a Response cannot be made with one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch for the MCP SDK's transport, for the requests of the authorization flow (anything but the MCP
 * endpoint itself, whose redirects the SDK handles): a response is read up to `limit` bytes, and a larger
 * one is refused with MCP_UNAUTHORIZED; a redirect is followed only within its origin (fetch would resend a
 * token request's body, code and verifier or refresh token, to any host a 307 names). Once one is refused,
 * every later request of the transport is refused too, the MCP endpoint's included: the SDK would otherwise
 * treat unreadable protected-resource metadata as absent and fall back to other endpoints.
 */
export function limitAuthorizationResponses(
  server: string,
  mcpUrl: URL,
  limit = AUTHORIZATION_RESPONSE_LIMIT,
  fetchFn: FetchLike = fetch,
): FetchLike {
  let refused: McpClientError | undefined;
  const refuse = (error: McpClientError): never => {
    refused = error;
    throw error;
  };
  return async (input, init) => {
    if (refused !== undefined) throw refused;
    let url = new URL(input);
    if (url.origin === mcpUrl.origin && url.pathname === mcpUrl.pathname) return fetchFn(input, init);
    let request: RequestInit = { ...init, redirect: "manual" };
    for (let hops = 0; ; hops += 1) {
      const response = await fetchFn(url, request);
      const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
      if (location === null) {
        try {
          return await readWithin(response, limit);
        } catch (error) {
          if (!(error instanceof TooLarge)) throw error;
          return refuse(
            new McpClientError(
              "MCP_UNAUTHORIZED",
              `The authorization step of the MCP server "${server}" at ${where(url)} answered more than ` +
                `${limit} bytes (${error.size}): refused; nothing more is sent to it.`,
            ),
          );
        }
      }
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, url);
      if (next.origin !== url.origin || hops >= MAX_REDIRECTS) {
        return refuse(
          new McpClientError(
            "MCP_UNAUTHORIZED",
            `The authorization step of the MCP server "${server}" at ${where(url)} redirected to ` +
              `${next.origin === url.origin ? "itself too many times" : next.origin}: refused; ` +
              "nothing (no code, token or secret) was sent there.",
          ),
        );
      }
      // A 303 (or a 301/302 after a POST, as browsers do) continues as a GET without the body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && request.method === "POST")
      ) {
        const { body: _dropped, ...rest } = request;
        request = { ...rest, method: "GET" };
      }
      url = next;
    }
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** A URL for a message: origin and path, never a query (which may carry a code). */
function where(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

class TooLarge extends Error {
  constructor(readonly size: string) {
    super(size);
  }
}

/** The response again, its body read into memory, or TooLarge as soon as it passes `limit` bytes. */
async function readWithin(response: Response, limit: number): Promise<Response> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new TooLarge(`${declared} declared`);
  }
  if (response.body === null || NULL_BODY.has(response.status)) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge(`at least ${total}`);
    }
    chunks.push(value);
  }
  const copy = new Response(Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The SDK names a redirect's target from `url` in its messages.
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}
