import { KeelConfigError } from "@keel/errors";

/**
 * Thrown for programmer errors: invalid options to `startFakeMessagesApi` or a builder.
 * Never thrown for what a client sends; those get an HTTP error response like the real API's.
 */
export class TestkitConfigError extends KeelConfigError<"TESTKIT_CONFIG"> {
  static override readonly errorName = "TestkitConfigError";

  constructor(message: string) {
    super("TESTKIT_CONFIG", `@keel/testkit: ${message}`);
  }
}
