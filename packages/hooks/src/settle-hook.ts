import { isValidTimeout } from "./define-hook.js";
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

/**
 * Runs one hook and never throws: a throw (sync or async), the time limit or the run's abort signal
 * all settle as a failure, and so does a failure of the machinery itself (e.g. a context without a
 * real AbortSignal). The hook sees a signal that also fires on its own timeout, so cooperative hooks
 * can stop their work; the context is otherwise the caller's.
 */
export async function settleHook<T>(
  timeoutMs: number,
  context: HookContext,
  invoke: (context: HookContext) => T | Promise<T>,
): Promise<Settled<T>> {
  try {
    return await settleWithLimits(timeoutMs, context, invoke);
  } catch {
    return { ok: false, failure: "threw", timeoutMs };
  }
}

async function settleWithLimits<T>(
  timeoutMs: number,
  context: HookContext,
  invoke: (context: HookContext) => T | Promise<T>,
): Promise<Settled<T>> {
  const runSignal = context.signal;
  if (runSignal.aborted) return { ok: false, failure: "aborted", timeoutMs };
  const timeoutController = new AbortController();
  const hookContext: HookContext = {
    ...context,
    signal: AbortSignal.any([runSignal, timeoutController.signal]),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => {
      timeoutController.abort();
      resolve({ ok: false, failure: "timeout", timeoutMs });
    }, timeoutMs);
    onAbort = () => resolve({ ok: false, failure: "aborted", timeoutMs });
    runSignal.addEventListener("abort", onAbort, { once: true });
  });
  // Starting from a resolved promise turns a synchronous throw into a rejection.
  const finished = Promise.resolve()
    .then(() => invoke(hookContext))
    .then(
      (value): Settled<T> => ({ ok: true, value }),
      (): Settled<T> => ({ ok: false, failure: "threw", timeoutMs }),
    );
  try {
    return await Promise.race([finished, interrupted]);
  } finally {
    clearTimeout(timer);
    if (onAbort) runSignal.removeEventListener("abort", onAbort);
  }
}
