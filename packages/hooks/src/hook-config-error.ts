import { KeelConfigError } from "@keel/errors";

/** Codes of the programmer errors thrown while defining hooks. */
export type HookConfigErrorCode =
  | "INVALID_HOOK_NAME"
  | "INVALID_HOOK_FUNCTION"
  | "INVALID_HOOK_OPTIONS"
  | "INVALID_RETRY_POLICY";

/**
 * Thrown when a hook (or a tool-call retry policy) is defined with bad options (empty name, missing
 * function, non-finite limit...). Only ever at definition time: running hooks never throws, it fails closed instead.
 */
export class HookConfigError extends KeelConfigError<HookConfigErrorCode> {
  static override readonly errorName = "HookConfigError";
}
