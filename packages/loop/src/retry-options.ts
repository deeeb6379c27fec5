/**
 * How often and how patiently to retry: the one retry shape of @keel/loop, used by `runAgent({ retry })` for
 * transient tool outcomes (never business, permission or validation) and by `new AnthropicClient({ retry })`
 * for model requests. The wait before attempt n is `retryDelay` of @keel/errors: exponential from
 * `baseDelayMs`, capped at `maxDelayMs`, with jitter.
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
