import { type ToolErrorInput, toolError } from "./builders.js";
import { isErrorOutcome } from "./guards.js";
import { KeelError, type KeelErrorOptions } from "./keel-error.js";
import type { ErrorOutcome } from "./types.js";

/**
 * An Error that carries a categorised ErrorOutcome, for handlers that prefer `throw` to `return`.
 * The toolset turns it back into its `outcome` unchanged (see outcomeFromThrown); `code` is the outcome's code.
 */
export class ToolError extends KeelError {
  static override readonly errorName = "ToolError";
  readonly outcome: ErrorOutcome;

  /** Accepts a built ErrorOutcome or the input of `toolError` (validated the same way). */
  constructor(outcome: ErrorOutcome | ToolErrorInput, options: KeelErrorOptions = {}) {
    const built = isErrorOutcome(outcome) ? outcome : toolError(outcome);
    super(built.code, `${built.code}: ${built.message}`, options);
    this.outcome = built;
  }
}
