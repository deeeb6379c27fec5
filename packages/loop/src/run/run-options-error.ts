import { KeelConfigError, type KeelErrorOptions } from "@keel/errors";

/** Thrown by `runAgent` before anything runs when its options are invalid; the message names the option. */
export class RunOptionsError extends KeelConfigError<"INVALID_RUN_OPTIONS"> {
  static override readonly errorName = "RunOptionsError";

  constructor(message: string, options: KeelErrorOptions = {}) {
    super("INVALID_RUN_OPTIONS", message, options);
  }
}
