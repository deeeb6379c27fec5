import { HookConfigError } from "./hook-config-error.js";

/** A hook's name for traces and errors, even for a hand-built hook without a usable one. */
export function nameOf(hook: { readonly name?: unknown } | null | undefined, index: number): string {
  const name = hook?.name;
  return typeof name === "string" && name.trim() !== "" ? name : `hook #${index + 1}`;
}

/**
 * A list that is not an array is a programmer error, not a hook failure: treating it as "no hooks"
 * would fail open, so it throws instead.
 */
export function checkHookList(hooks: unknown, caller: string): void {
  if (!Array.isArray(hooks)) {
    throw new HookConfigError("INVALID_HOOK_OPTIONS", `${caller} expects an array of hooks.`);
  }
}
