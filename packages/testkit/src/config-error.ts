const MARKER = Symbol.for("keel.error");

/**
 * Thrown for programmer errors: invalid options to `startFakeMessagesApi` or a builder.
 * Never thrown for what a client sends; those get an HTTP error response like the real API's.
 */
export class TestkitConfigError extends Error {
  readonly code = "TESTKIT_CONFIG" as const;

  constructor(message: string) {
    super(`@keel/testkit: ${message}`);
    this.name = "TestkitConfigError";
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for a TestkitConfigError even across duplicated installs of the package. */
  static isInstance(value: unknown): value is TestkitConfigError {
    return (
      value instanceof Error &&
      (value as unknown as Record<symbol, unknown>)[MARKER] === true &&
      value.name === "TestkitConfigError"
    );
  }
}
