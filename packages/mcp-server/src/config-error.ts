import { KeelConfigError } from "@keel/errors";

export type KeelMcpConfigErrorCode =
  | "USAGE"
  | "TOKEN_REQUIRED"
  | "TOKEN_TOO_SHORT"
  | "TOKENS_IDENTICAL"
  | "SUPERVISOR_TOOLS_MISSING"
  | "INVALID_HEADERS_TIMEOUT"
  | "APPROVAL_KEY_REQUIRED";

/**
 * A setting the server cannot start with (bad flags, a public bind without a token). The CLI prints the message and exits 2; the message never contains a token.
 */
export class KeelMcpConfigError extends KeelConfigError<KeelMcpConfigErrorCode> {
  static override readonly errorName = "KeelMcpConfigError";
}
