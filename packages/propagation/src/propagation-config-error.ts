import { KeelConfigError } from "@keel/errors";

const MARKER = Symbol.for("keel.error.propagation-config");

/** Bad options given to @keel/propagation (a programmer error, thrown at definition time). */
export class PropagationConfigError extends KeelConfigError {
  constructor(message: string) {
    super("INVALID_PROPAGATION_OPTIONS", message);
    this.name = "PropagationConfigError";
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is PropagationConfigError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
