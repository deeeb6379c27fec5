import type { RetryDelayPolicy } from "@keel/errors";

/** The retry budget after defaults. */
export interface RetryPolicy extends RetryDelayPolicy {
  readonly maxAttempts: number;
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
