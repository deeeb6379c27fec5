import { setTimeout as delay } from "node:timers/promises";
import { type RetryOptions, retryDelay } from "@keel/errors/internal";
import { HookConfigError } from "@keel/hooks";
import type { ToolRetryPolicy } from "./tool-call-resolution.js";

/** The retry budget of a tool call unless the caller sets its own: the same in the loop and the MCP server. */
export const DEFAULT_TOOL_RETRY = Object.freeze({ maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 5000 });

/**
 * What `toolRetryPolicy` builds from: Keel's one retry shape (`RetryOptions`; for a tool call the defaults are
 * 3 attempts, 200 ms doubling, capped at 5000 ms or `baseDelayMs` when that is larger — the cap is also the
 * longest `retryAfterMs` a tool may ask for) plus how to draw jitter and how to wait. Every field has a default.
 */
export interface ToolRetryOptions extends RetryOptions {
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: (() => number) | undefined;
  /** Waits before a retry; resolves early when the signal aborts. Default a timer that does. */
  readonly sleep?: ((milliseconds: number, signal: AbortSignal) => Promise<void>) | undefined;
}

/**
 * The retry policy of a tool call: `maxAttempts` handler runs at most, waiting `retryDelay` (exponential with
 * equal jitter, never sooner than the tool's `retryAfterMs`) between them. `resolveToolCall` uses
 * `toolRetryPolicy()` when given none. Which failures are retried is not the policy's choice: only transient,
 * retryable ones (`recoveryFor`). Throws HookConfigError for a count or delay that is not a whole number in range.
 */
export function toolRetryPolicy(options: ToolRetryOptions = {}): ToolRetryPolicy {
  const maxAttempts = wholeNumber("maxAttempts", options.maxAttempts, DEFAULT_TOOL_RETRY.maxAttempts, 1);
  const baseDelayMs = wholeNumber("baseDelayMs", options.baseDelayMs, DEFAULT_TOOL_RETRY.baseDelayMs, 0);
  const maxDelayMs = wholeNumber(
    "maxDelayMs",
    options.maxDelayMs,
    Math.max(DEFAULT_TOOL_RETRY.maxDelayMs, baseDelayMs),
    baseDelayMs,
  );
  const random = options.random ?? Math.random;
  const delays = { baseDelayMs, maxDelayMs };
  return Object.freeze({
    maxAttempts,
    delayMs: (attempt: number, retryAfterMs: number | undefined) =>
      retryDelay(attempt, delays, random, retryAfterMs),
    sleep: options.sleep ?? abortableSleep,
  });
}

/** A timer that settles early (resolving, not rejecting) when the signal aborts. */
const abortableSleep = (milliseconds: number, signal: AbortSignal): Promise<void> =>
  delay(milliseconds, undefined, { signal }).catch(() => {});

function wholeNumber(name: string, value: number | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new HookConfigError(
      "INVALID_RETRY_POLICY",
      `toolRetryPolicy: "${name}" must be a whole number of at least ${minimum}, got ${String(value)}.`,
    );
  }
  return value;
}
