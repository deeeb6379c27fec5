/**
 * The `Symbol.for` markers of `@keel/errors`' KeelError hierarchy (`keel.error.<errorName>`), set by hand
 * because the testkit depends on the wire types alone: `KeelConfigError.isInstance` and `KeelError.isInstance`
 * accept a TestkitConfigError exactly as they would a subclass.
 */
const MARKERS = ["TestkitConfigError", "KeelConfigError", "KeelError"].map((name) =>
  Symbol.for(`keel.error.${name}`),
);
const OWN_MARKER = MARKERS[0] as symbol;

/**
 * Thrown for programmer errors: invalid options to `startFakeMessagesApi` or a builder.
 * Never thrown for what a client sends; those get an HTTP error response like the real API's.
 * A `KeelConfigError` for `@keel/errors` (`KeelConfigError.isInstance(error)` is true).
 */
export class TestkitConfigError extends Error {
  static readonly errorName = "TestkitConfigError";

  /** True for a TestkitConfigError from any copy of the testkit. */
  static isInstance(this: void, value: unknown): value is TestkitConfigError {
    return (
      typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[OWN_MARKER] === true
    );
  }

  readonly code = "TESTKIT_CONFIG" as const;

  constructor(message: string) {
    super(`@keel/testkit: ${message}`);
    this.name = TestkitConfigError.errorName;
    for (const marker of MARKERS) Object.defineProperty(this, marker, { value: true });
  }
}
