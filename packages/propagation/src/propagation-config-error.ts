import { KeelConfigError } from "@keel/errors";

/** Bad options given to @keel/propagation (a programmer error, thrown at definition time). */
export class PropagationConfigError extends KeelConfigError<"INVALID_PROPAGATION_OPTIONS"> {
  static override readonly errorName = "PropagationConfigError";

  constructor(message: string) {
    super("INVALID_PROPAGATION_OPTIONS", message);
  }
}
