/** The retry budget after defaults. */
export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * Delay before `attempt` (2 = first retry): exponential from baseDelayMs, capped at maxDelayMs, with "equal
 * jitter" (half fixed, half random) so simultaneous callers spread out but never retry immediately.
 * A server's retryAfterMs is a floor; when it exceeds maxDelayMs the result is `null`: do not wait, give
 * the outcome to the model instead.
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
): number | null {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return null;
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 2));
  const jittered = Math.round(exponential / 2 + random() * (exponential / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** A timer that settles early (resolving) when the signal aborts, and leaves no listener behind. */
export function defaultSleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    signal.addEventListener("abort", done, { once: true });
  });
}
