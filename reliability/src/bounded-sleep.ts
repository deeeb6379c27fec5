/** Backoff waits the soak asked for, summed; the waits themselves are capped so runs stay fast. */
export interface SleepLedger {
  requestedMs: number;
  count: number;
}

/**
 * A `sleep` for runAgent / AnthropicClient that records the delay asked for and waits at most `capMs`
 * (real timers, so concurrency still interleaves). Resolves early when the signal aborts.
 */
export function boundedSleep(ledger: SleepLedger, capMs = 2) {
  return (milliseconds: number, signal?: AbortSignal): Promise<void> => {
    ledger.requestedMs += milliseconds;
    ledger.count++;
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, Math.min(milliseconds, capMs));
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
  };
}
