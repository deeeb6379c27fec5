const MARKER = Symbol.for("keel.cli.usage-error");

/**
 * The command line was wrong (unknown command or option, missing argument, bad number, unreadable file):
 * `main` prints the message and exits 2, never a stack trace.
 */
export class UsageError extends Error {
  readonly code = "USAGE";

  constructor(message: string) {
    super(message);
    this.name = "UsageError";
    Object.defineProperty(this, MARKER, { value: true });
  }

  static isInstance(value: unknown): value is UsageError {
    return typeof value === "object" && value !== null && MARKER in value;
  }
}
