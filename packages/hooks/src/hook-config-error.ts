import { KeelConfigError } from "@keel/errors";

const HOOK_CONFIG_ERROR_MARKER = Symbol.for("keel.error.hooks.config");

/** Codes of the programmer errors thrown while defining hooks. */
export type HookConfigErrorCode = "INVALID_HOOK_NAME" | "INVALID_HOOK_FUNCTION" | "INVALID_HOOK_OPTIONS";

/**
 * Thrown when a hook is defined with bad options (empty name, missing function, non-finite limit...).
 * Only ever at definition time: running hooks never throws, it fails closed instead.
 */
export class HookConfigError extends KeelConfigError {
  declare readonly code: HookConfigErrorCode;

  constructor(code: HookConfigErrorCode, message: string) {
    super(code, message);
    this.name = "HookConfigError";
    Object.defineProperty(this, HOOK_CONFIG_ERROR_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is HookConfigError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[HOOK_CONFIG_ERROR_MARKER] === true
    );
  }
}
