import { ModelClientError, type ModelClientErrorKind } from "./model-client-error.js";
import { redactString } from "./redact-secrets.js";

/** The parts of the SDK's APIError this mapping reads (duck-typed: only the adapter imports the SDK). */
interface SdkErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  type?: unknown;
  apiMessage?: unknown;
  headers?: { get(name: string): string | null } | undefined;
}

/**
 * Maps whatever the SDK (or the stream) threw to a ModelClientError whose message says what to do: where the
 * request went, how many retries were already made (named when there were any), the client's timeout.
 */
export function toModelClientError(
  thrown: unknown,
  baseURL: string,
  retries: number,
  timeoutMs: number | undefined,
): ModelClientError {
  if (ModelClientError.isInstance(thrown)) return thrown;
  const error = (
    typeof thrown === "object" && thrown !== null ? thrown : { message: String(thrown) }
  ) as SdkErrorLike;
  const status = typeof error.status === "number" ? error.status : undefined;
  const type = typeof error.type === "string" ? error.type : undefined;
  const detail = redactString(
    typeof error.apiMessage === "string"
      ? error.apiMessage
      : typeof error.message === "string"
        ? error.message
        : "",
  );
  const make = (kind: ModelClientErrorKind, message: string, retryAfterMs?: number) =>
    new ModelClientError(kind, message, {
      cause: thrown,
      ...(status === undefined ? {} : { status }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  const what = [status, type].filter((part) => part !== undefined).join(" ");
  const reported = `(${what || "no status"}${detail ? `: ${detail}` : ""})`;
  const afterRetries =
    status === undefined || retries === 0 ? "" : ` after ${retries} ${retries === 1 ? "retry" : "retries"}`;

  if (error.name === "APIUserAbortError" || error.name === "AbortError") {
    return make("aborted", "The model request was aborted by the caller's AbortSignal.");
  }
  if (error.name === "APIConnectionTimeoutError" || status === 408 || status === 504) {
    const limit = timeoutMs === undefined ? "" : ` within timeoutMs (${timeoutMs} ms)`;
    return make(
      "timeout",
      `The Anthropic API did not answer${limit}${afterRetries} ${reported}. Retry later, or raise timeoutMs.`,
    );
  }
  if (status === 401 || type === "authentication_error") {
    return make(
      "authentication",
      `The Anthropic API rejected the API key ${reported}. Check ANTHROPIC_API_KEY (or the apiKey option): it must be a valid, active key.`,
    );
  }
  if (status === 403 || type === "permission_error") {
    return make(
      "permission",
      `The API key is not allowed to make this request ${reported}. Check the key's workspace access to this model and feature.`,
    );
  }
  if (status === 429 || type === "rate_limit_error") {
    const retryAfterMs = readRetryAfterMs(error.headers);
    const wait = retryAfterMs === undefined ? "Wait" : `Retry after ${formatSeconds(retryAfterMs)}`;
    return make(
      "rate_limit",
      `Rate limited by the Anthropic API${afterRetries} ${reported}. ${wait}, lower the request rate, or raise maxRetries.`,
      retryAfterMs,
    );
  }
  if (status === 529 || type === "overloaded_error") {
    return make(
      "overloaded",
      `The Anthropic API is overloaded${afterRetries} ${reported}. This is temporary: retry later with backoff.`,
      readRetryAfterMs(error.headers),
    );
  }
  if (status !== undefined && status >= 400 && status < 500) {
    const hint =
      status === 404
        ? "Check the model name and ANTHROPIC_BASE_URL."
        : "Fix the request: sending it again unchanged fails the same way.";
    return make("bad_request", `The Anthropic API rejected the request ${reported}. ${hint}`);
  }
  if ((status !== undefined && status >= 500) || type !== undefined) {
    return make("server", `The Anthropic API failed${afterRetries} ${reported}. Retry later.`);
  }
  if (thrown instanceof SyntaxError) {
    return make("invalid_response", `The Anthropic API sent a response that is not valid JSON (${detail}).`);
  }
  const cause = describeCause(thrown);
  if (cannotBeSent(thrown)) {
    return new ModelClientError(
      "connection",
      `The request to the Anthropic API cannot be sent to ${baseURL} (${cause}): the address is not ` +
        "a valid http(s) URL with a port from 1 to 65535, so sending it again fails the same way. Fix " +
        "ANTHROPIC_BASE_URL (or the baseURL option).",
      { cause: thrown, retryable: false },
    );
  }
  return make(
    "connection",
    `Could not complete the request to the Anthropic API at ${baseURL} (${cause}). Check the network and ANTHROPIC_BASE_URL.`,
  );
}

/** The server's requested wait: `retry-after-ms`, else `retry-after` (seconds or an HTTP date). */
export function readRetryAfterMs(headers: SdkErrorLike["headers"]): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (milliseconds > 0) return milliseconds;
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value) - Date.now();
  return date > 0 ? date : undefined;
}

function formatSeconds(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000}s` : `${milliseconds} ms`;
}

/** "TypeError: terminated (ECONNRESET)": the error and the innermost cause's code, without stacks. */
function describeCause(thrown: unknown): string {
  const parts: string[] = [];
  let current: unknown = thrown;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const { name, message, code } = current as { name?: unknown; message?: unknown; code?: unknown };
    const label = [name, message].filter((part) => typeof part === "string" && part).join(": ");
    if (label && !parts.includes(label)) parts.push(label);
    if (typeof code === "string") parts.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return redactString(parts.join(" <- ") || String(thrown));
}

/** Codes of failures that happen before anything is sent and repeat identically: an unusable address. */
const UNSENDABLE_CODES = new Set(["ERR_INVALID_URL", "ERR_SOCKET_BAD_PORT", "ERR_INVALID_ARG_VALUE"]);

/** True when the cause chain shows the request could never leave: an invalid URL, port or scheme. */
function cannotBeSent(thrown: unknown): boolean {
  let current: unknown = thrown;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNSENDABLE_CODES.has(code)) return true;
    if (typeof message === "string" && /^(unknown scheme|Invalid URL)/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
