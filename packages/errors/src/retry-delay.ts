/**
 * How often and how patiently to retry: the one retry shape every Keel retry is configured with — tool calls
 * (`runAgent({ retry })`, `toolRetryPolicy` of @keel/tool-call, which adds `random` and `sleep`) and model
 * requests (`new AnthropicClient({ retry })`). Each caller owns its defaults and checks.
 */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 disables retries. Default 3. */
  readonly maxAttempts?: number | undefined;
  /** First backoff delay; doubles per attempt, with jitter. Default 200 ms for tools, 500 ms for model requests. */
  readonly baseDelayMs?: number | undefined;
  /**
   * Ceiling of one delay. A server's or tool's `retryAfterMs` above it is not waited for: the failure is
   * returned at once. Default 5000 ms for tools, 60 000 ms for model requests.
   */
  readonly maxDelayMs?: number | undefined;
}

/** How long the retries of one operation wait: `RetryOptions`' delays, resolved. */
export interface RetryDelayPolicy {
  /** The first retry's nominal wait; each later retry doubles it. */
  readonly baseDelayMs: number;
  /** Caps the nominal wait, and is the longest server-requested wait worth waiting for. */
  readonly maxDelayMs: number;
}

/**
 * The wait before `attempt` (2 = the first retry): exponential from `baseDelayMs`, capped at `maxDelayMs`,
 * with "equal jitter" (half fixed, half random) so simultaneous callers spread out but never retry at once.
 * A server's `retryAfterMs` is a floor: never sooner than asked. When it exceeds `maxDelayMs` the result is
 * `null`: do not wait that long here, end with the failure and let the caller decide. One policy for every
 * retry Keel makes (tool calls in the loop, HTTP requests in the Anthropic client); `random` is injected.
 */
export function retryDelay(
  attempt: number,
  policy: RetryDelayPolicy,
  random: () => number,
  retryAfterMs?: number,
): number | null {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return null;
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 2));
  const jittered = Math.round(exponential / 2 + random() * (exponential / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}
