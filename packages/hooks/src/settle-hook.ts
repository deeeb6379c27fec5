import { isThenable } from "@keel/wire/internal";
import { isValidTimeout } from "./define-hook.js";
import { HookSignal } from "./hook-signal.js";
import type { HookContext } from "./types.js";

/** Applied to hooks that declare no (usable) timeout, so a hung hook cannot hang the run. */
export const DEFAULT_HOOK_TIMEOUT_MS = 5_000;

/** Why a hook produced no usable answer. */
export type HookFailure = "threw" | "timeout" | "aborted" | "invalid_result";

export type Settled<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly failure: HookFailure; readonly timeoutMs: number };

/** The time limit a hook runs under: its own when usable, else the default. */
export function effectiveTimeout(hook: { readonly timeoutMs?: unknown }): number {
  return isValidTimeout(hook.timeoutMs) ? hook.timeoutMs : DEFAULT_HOOK_TIMEOUT_MS;
}

const failed = <T>(failure: HookFailure, timeoutMs: number): Settled<T> => ({
  ok: false,
  failure,
  timeoutMs,
});

/**
 * Runs one hook and never throws: a throw (sync or async), the time limit or the run's abort signal
 * all settle as a failure, and so does a failure of the machinery itself (e.g. a context without a
 * real AbortSignal). The hook sees a signal that also fires on its own timeout, so cooperative hooks
 * can stop their work; the context is otherwise the caller's.
 *
 * Returns synchronously when the hook answered synchronously: a value that is not a promise is final,
 * so no timer is armed (a synchronous hook cannot be cut off anyway, it holds the event loop). A run
 * aborted by then still fails closed. A promise gets one microtask to report (an `async` hook that did
 * not wait for anything); only a promise still pending after that arms the timer and the abort listener.
 */
export function settleHook<T>(
  timeoutMs: number,
  context: HookContext,
  invoke: (context: HookContext) => T | PromiseLike<T>,
): Settled<T> | Promise<Settled<T>> {
  let signal: HookSignal;
  let returned: T | PromiseLike<T>;
  try {
    const runSignal = context.signal;
    if (!(runSignal instanceof AbortSignal)) return failed("threw", timeoutMs);
    if (runSignal.aborted) return failed("aborted", timeoutMs);
    signal = new HookSignal(runSignal);
    returned = invoke(signal.contextFor(context));
    if (!isThenable(returned)) {
      // The hook may have aborted the run itself: an answer given as the run ends is not trusted.
      return runSignal.aborted ? failed("aborted", timeoutMs) : { ok: true, value: returned };
    }
  } catch {
    return failed("threw", timeoutMs);
  }
  return settleLater(signal, returned, timeoutMs);
}

async function settleLater<T>(
  signal: HookSignal,
  returned: PromiseLike<T>,
  timeoutMs: number,
): Promise<Settled<T>> {
  let result: Settled<T> | undefined;
  let report: ((settled: Settled<T>) => void) | undefined;
  const record = (settled: Settled<T>): void => {
    result ??= settled;
    report?.(result);
  };
  try {
    // Promise.resolve adopts thenables safely: a `then` that throws becomes a rejection.
    Promise.resolve(returned).then(
      (value) => record({ ok: true, value }),
      () => record(failed("threw", timeoutMs)),
    );
  } catch {
    return failed("threw", timeoutMs);
  }
  await undefined;
  // Still pending: from here on the time limit and the run's abort can end the wait.
  if (result === undefined) {
    result = await new Promise<Settled<T>>((resolve) => {
      report = resolve;
      signal.arm(timeoutMs, (failure) => record(failed(failure, timeoutMs)));
    });
    signal.disarm();
  }
  // An answer that arrives as the run ends is not trusted (failures keep their own reason).
  return result.ok && signal.runAborted() ? failed("aborted", timeoutMs) : result;
}
