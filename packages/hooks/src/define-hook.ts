import { HookConfigError } from "./hook-config-error.js";
import type { PostToolHook, PreToolHook } from "./types.js";

/** Options shared by every hook. */
export interface HookOptions {
  /**
   * Milliseconds the hook may take before it fails closed (default 5000). Only asynchronous work can be
   * cut off: a synchronous hook that never returns blocks the event loop, so keep hooks cheap.
   */
  readonly timeoutMs?: number;
}

/** The largest delay `setTimeout` honours; above it Node fires immediately. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Defines a pre-tool hook. `decide` runs before the tool, on the validated call; what it returns is
 * composed with the other hooks by `runPreHooks` (most restrictive wins, failures block).
 * Throws `HookConfigError` on an empty name, a missing function or a bad timeout.
 */
export function definePreHook(
  name: string,
  decide: PreToolHook["decide"],
  options: HookOptions = {},
): PreToolHook {
  checkHook(name, decide, options);
  return withTimeout({ name, decide }, options);
}

/**
 * Defines a post-tool hook. `transform` receives the outcome of the tool that ran and returns the
 * outcome that enters the history. Throws `HookConfigError` like `definePreHook`.
 */
export function definePostHook(
  name: string,
  transform: PostToolHook["transform"],
  options: HookOptions = {},
): PostToolHook {
  checkHook(name, transform, options);
  return withTimeout({ name, transform }, options);
}

function withTimeout<T extends object>(hook: T, options: HookOptions): T & { readonly timeoutMs?: number } {
  return Object.freeze(options.timeoutMs === undefined ? hook : { ...hook, timeoutMs: options.timeoutMs });
}

function checkHook(name: unknown, run: unknown, options: HookOptions): void {
  if (typeof name !== "string" || name.trim() === "") {
    throw new HookConfigError(
      "INVALID_HOOK_NAME",
      "A hook needs a non-empty name: it is how traces and errors name it.",
    );
  }
  if (typeof run !== "function") {
    throw new HookConfigError("INVALID_HOOK_FUNCTION", `Hook "${name}" needs a function, got ${typeof run}.`);
  }
  const timeoutMs = options.timeoutMs;
  if (timeoutMs !== undefined && !isValidTimeout(timeoutMs)) {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      `Hook "${name}": timeoutMs must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}.`,
    );
  }
}

/** True for a delay `setTimeout` honours as given. */
export function isValidTimeout(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_MS;
}
