import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpClientError, type McpClientErrorCode } from "../mcp-client-error.js";
import type { McpServerConfig } from "../server-config.js";
import { StoredOAuthProvider } from "./oauth-provider.js";

/** What to do after a request failed: send it again (a person just authorised), or report `error`. */
export type AfterAuthorization =
  | { readonly retry: true }
  | { readonly retry: false; readonly error: unknown };

/**
 * After the SDK's `auth()` sent a person to the authorization server (it throws UnauthorizedError once the
 * provider's `redirectToAuthorization` ran), waits for the redirect back and exchanges its code through the
 * transport (`finishAuth`): the request can then be sent again. Anything else is reported as it is; a
 * person who refused, or a redirect with the wrong `state`, is reported instead of the original error.
 */
export async function authorizationRetry(
  server: McpServerConfig,
  transport: Transport,
  error: unknown,
  /** How many times this request was already sent again after an authorization. */
  retried: number,
): Promise<AfterAuthorization> {
  if (retried >= MAX_AUTHORIZATIONS) return { retry: false, error };
  const provider = server.type === "http" ? server.auth : undefined;
  if (!(provider instanceof StoredOAuthProvider) || !(error instanceof UnauthorizedError))
    return { retry: false, error };
  const pending = provider.takePendingCode();
  if (pending === undefined || !(transport instanceof StreamableHTTPClientTransport))
    return { retry: false, error };
  try {
    await transport.finishAuth(await pending);
    return { retry: true };
  } catch (failure) {
    return { retry: false, error: failure };
  }
}

/** The code for a failed connection or listing: an authorization problem keeps its own (MCP_UNAUTHORIZED, ...). */
export function connectFailureCode(
  error: unknown,
  otherwise: McpClientErrorCode = "MCP_CONNECT_FAILED",
): McpClientErrorCode {
  if (McpClientError.isInstance(error)) return error.code;
  if (error instanceof UnauthorizedError) return "MCP_UNAUTHORIZED";
  return otherwise;
}

/** How many times one connection attempt or one call may send a person to authorise (step-up included). */
const MAX_AUTHORIZATIONS = 2;

/** `request`, sent again after a person authorised (at most MAX_AUTHORIZATIONS times); else its failure. */
export async function withAuthorization<T>(
  server: McpServerConfig,
  transport: Transport,
  request: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request();
    } catch (thrown) {
      const after = await authorizationRetry(server, transport, thrown, attempt);
      if (!after.retry) throw after.error;
    }
  }
}
