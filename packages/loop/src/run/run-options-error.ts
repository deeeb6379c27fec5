import { KeelConfigError } from "@keel/errors";

/** Thrown by `runAgent` before anything runs when its options are invalid; the message names the option. */
export class RunOptionsError extends KeelConfigError {
  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super("INVALID_RUN_OPTIONS", message, options);
    this.name = "RunOptionsError";
  }
}
