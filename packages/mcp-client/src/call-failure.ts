import {
  type ErrorOutcome,
  permissionError,
  transientError,
  unclassifiedError,
  validationError,
} from "@keel/errors";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { McpClientError } from "./mcp-client-error.js";

/** What the connection must do after a failed call. */
export type AfterFailure = "keep" | "reconnect" | "refresh-tools";

export interface CallFailure {
  readonly outcome: ErrorOutcome;
  readonly after: AfterFailure;
}

/** Where the failure happened, as far as the client can tell. */
interface FailureContext {
  readonly server: string;
  readonly tool: string;
  /** A retry is safe: a read, a write the server says is idempotent, or a server that honours the key. */
  readonly safeToRepeat: boolean;
}

const MAX_DETAIL = 300;

/**
 * Turns a failed `tools/call` into a categorised outcome — never an empty success, never a throw.
 * - the connection dropped, the call timed out, the server answered with a JSON-RPC or HTTP 5xx error:
 *   `transient`. Retryable when repeating is safe; for a write that may already have run, not retryable
 *   (MCP_OUTCOME_UNKNOWN): the model must check before calling again.
 * - the server could not be reached at all (the request never left): transient and retryable.
 * - HTTP 401/403, or an authorization that only a person can renew: `permission` MCP_UNAUTHORIZED; an
 *   authorization server that does not answer: `transient` (nothing was sent).
 * - the server says the arguments are invalid: `validation`; it does not know the tool: `validation`
 *   UNKNOWN_TOOL (and the tool list is refreshed).
 * - the result broke the tool's own output schema: `unclassified` MCP_INVALID_OUTPUT (the server's bug).
 */
export function failureOf(error: unknown, context: FailureContext): CallFailure {
  const where = `the MCP server "${context.server}"`;
  const detail = detailOf(error);
  if (error instanceof McpError) {
    if (/structured content|output schema/i.test(error.message)) {
      return keep(
        unclassifiedError(
          "MCP_INVALID_OUTPUT",
          `"${context.tool}" on ${where} returned a result that does not match its own output schema ` +
            `(${detail}). Its answer cannot be trusted; do not retry, tell the user the tool is faulty.`,
        ),
      );
    }
    switch (error.code) {
      case ErrorCode.InvalidParams:
        return keep(
          validationError(
            "INVALID_INPUT",
            `${where} refused the arguments for "${context.tool}": ${detail}. Fix the arguments and call again.`,
          ),
        );
      case ErrorCode.MethodNotFound:
        return {
          outcome: validationError(
            "UNKNOWN_TOOL",
            `${where} no longer has a tool "${context.tool}" (${detail}). Use another tool.`,
          ),
          after: "refresh-tools",
        };
      case ErrorCode.RequestTimeout:
        return { outcome: uncertain(context, `timed out (${detail})`, "MCP_TIMEOUT"), after: "keep" };
      case ErrorCode.ConnectionClosed:
        return {
          outcome: uncertain(context, "dropped the connection", "MCP_CONNECTION_LOST"),
          after: "reconnect",
        };
      default:
        return keep(uncertain(context, `answered with an error (${detail})`, "MCP_SERVER_ERROR"));
    }
  }
  const authorization = authorizationFailure(error, where);
  if (authorization !== undefined) return keep(authorization);
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return keep(
      permissionError(
        "MCP_UNAUTHORIZED",
        `${where} refused the credentials (HTTP ${status}). Do not retry; a person must fix the server's ` +
          "credentials.",
      ),
    );
  }
  if (status !== undefined && status > 0) {
    return { outcome: uncertain(context, `answered HTTP ${status}`, "MCP_SERVER_ERROR"), after: "reconnect" };
  }
  if (neverSent(error)) {
    return {
      outcome: transientError(
        "MCP_SERVER_UNAVAILABLE",
        `${where} could not be reached (${detail}); the call was not made. Try again shortly.`,
      ),
      after: "reconnect",
    };
  }
  return { outcome: uncertain(context, `failed (${detail})`, "MCP_CONNECTION_LOST"), after: "reconnect" };
}

/** The provider could not renew the authorization (see auth/oauth-provider.ts), or no provider could. */
function authorizationFailure(error: unknown, where: string): ErrorOutcome | undefined {
  if (McpClientError.isInstance(error) && error.code === "MCP_AUTHORIZATION_SERVER_UNAVAILABLE")
    return transientError(error.code, `${error.message} The call was not made.`);
  if (McpClientError.isInstance(error) && error.code === "MCP_UNAUTHORIZED")
    return permissionError(error.code, `${error.message} Do not retry; tell the user.`);
  if (error instanceof UnauthorizedError) {
    return permissionError(
      "MCP_UNAUTHORIZED",
      `${where} needs a new authorization, which only a person can give. Do not retry; tell the user.`,
    );
  }
  return undefined;
}

/** A call on a connection that was closed. */
export function closedConnection(server: string, tool: string): ErrorOutcome {
  return transientError(
    "MCP_CONNECTION_CLOSED",
    `The connection to the MCP server "${server}" was closed; "${tool}" cannot be called any more.`,
    { retryable: false },
  );
}

/** A call of a tool whose definition changed since it was approved (`changedTools: "refuse"`). */
export function changedTool(server: string, tool: string): ErrorOutcome {
  return permissionError(
    "MCP_TOOL_CHANGED",
    `The MCP server "${server}" changed the definition of "${tool}" since it was approved, so ` +
      "Keel will not call it until a person approves the new definition. Do not retry; tell the user.",
  );
}

function keep(outcome: ErrorOutcome): CallFailure {
  return { outcome, after: "keep" };
}

/** A failure after the request may have reached the server. */
function uncertain(context: FailureContext, what: string, code: string): ErrorOutcome {
  const where = `The MCP server "${context.server}"`;
  if (context.safeToRepeat) {
    return transientError(code, `${where} ${what} while running "${context.tool}". Calling again is safe.`);
  }
  return transientError(
    "MCP_OUTCOME_UNKNOWN",
    `${where} ${what} while running "${context.tool}", a write it does not promise to be idempotent: it may ` +
      "or may not have happened. Do not call it again blindly; check its effect first, or tell the user.",
    { retryable: false, details: { cause: code } },
  );
}

/** HTTP status of a Streamable HTTP transport error (`StreamableHTTPError.code`), when there is one. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof StreamableHTTPError && typeof error.code === "number" ? error.code : undefined;
}

/** The server forgot the session (HTTP 404 by the spec; 400 naming the session in some servers). */
export function sessionForgotten(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 404) return true;
  return status === 400 && error instanceof Error && /session/i.test(error.message);
}

const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** A connection that was refused or never resolved: the request did not reach the server. */
function neverSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT.has(code)) return true;
    current = current.cause;
  }
  return false;
}

function detailOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}…` : line || "no details";
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300) || "no details";
}
