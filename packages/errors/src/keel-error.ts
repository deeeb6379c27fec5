const KEEL_ERROR_MARKER = Symbol.for("keel.error");
const KEEL_CONFIG_ERROR_MARKER = Symbol.for("keel.error.config");

/** Options passed through to `Error` (the `cause` keeps the original error for logs). */
export interface KeelErrorOptions {
  readonly cause?: unknown;
}

function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/**
 * Base class of every error Keel throws, with a switchable `code`.
 * Use `KeelError.isInstance(value)` rather than `instanceof`: it also works across duplicated installs.
 */
export class KeelError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options: KeelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "KeelError";
    this.code = code;
    Object.defineProperty(this, KEEL_ERROR_MARKER, { value: true });
  }

  static isInstance(value: unknown): value is KeelError {
    return hasMarker(value, KEEL_ERROR_MARKER);
  }
}

/**
 * A programmer error: bad options or builder input (e.g. a code that is not SCREAMING_SNAKE).
 * Thrown at definition time, never at the model boundary, where outcomes are returned instead.
 */
export class KeelConfigError extends KeelError {
  constructor(code: string, message: string, options: KeelErrorOptions = {}) {
    super(code, message, options);
    this.name = "KeelConfigError";
    Object.defineProperty(this, KEEL_CONFIG_ERROR_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is KeelConfigError {
    return hasMarker(value, KEEL_CONFIG_ERROR_MARKER);
  }
}
