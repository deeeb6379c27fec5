/** How long the retries of one operation wait. */
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
