import { KeelConfigError } from "@keel/errors";

/**
 * The command line was wrong (unknown command or option, missing argument, bad number, unreadable file):
 * `main` prints the message and exits 2, never a stack trace.
 */
export class UsageError extends KeelConfigError<"USAGE"> {
  static override readonly errorName = "UsageError";

  constructor(message: string) {
    super("USAGE", message);
  }
}
