import { readRetryAfterMs } from "./anthropic-error.js";
import type { ModelClientError } from "./model-client-error.js";

/**
 * Where an attempt failed: before a response stream began (an HTTP error status, or no response at all),
 * part-way through a stream before anything reached the listener, or after output was forwarded.
 */
export type FailurePhase = "response" | "stream" | "after-output";

export interface RetryAdvice {
  readonly retry: boolean;
  /** The server's requested wait (`retry-after-ms`, else `retry-after`), when it sent a positive one. */
  readonly retryAfterMs?: number;
}

const NO_RETRY: RetryAdvice = { retry: false };

/** The parts of the SDK's APIError read here (duck-typed, as in anthropic-error.ts). */
interface FailedResponse {
  readonly status?: unknown;
  readonly headers?: { get(name: string): string | null } | undefined;
}

/**
 * Whether the Messages API allows the same request again, from its documented response headers and status,
 * with the semantics `@anthropic-ai/sdk` gives them: `x-should-retry: true|false` decides when present;
 * otherwise 408, 409, 429 and 5xx (529 overloaded included) are retried and other statuses are not; a
 * request that got no response (refused, reset, timed out) is retried. A stream that fails part-way is
 * retried when its error is retryable (overloaded_error, api_error, a dropped connection), and never once
 * output reached the listener: it would be shown twice.
 */
export function retryAdvice(thrown: unknown, error: ModelClientError, phase: FailurePhase): RetryAdvice {
  if (phase === "after-output" || error.kind === "aborted") return NO_RETRY;
  const response = (typeof thrown === "object" && thrown !== null ? thrown : {}) as FailedResponse;
  const status = typeof response.status === "number" ? response.status : undefined;
  if (phase === "stream" || status === undefined) return error.retryable ? { retry: true } : NO_RETRY;
  if (!serverAllowsRetry(status, response.headers)) return NO_RETRY;
  const retryAfterMs = readRetryAfterMs(response.headers);
  return retryAfterMs !== undefined && retryAfterMs > 0 ? { retry: true, retryAfterMs } : { retry: true };
}

function serverAllowsRetry(status: number, headers: FailedResponse["headers"]): boolean {
  const header = headers?.get("x-should-retry");
  if (header === "true" || header === "false") return header === "true";
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
