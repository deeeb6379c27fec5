import { KeelConfigError } from "@keel/errors";

const MARKER = Symbol.for("keel.error.mcp-config");

export type KeelMcpConfigErrorCode =
  | "USAGE"
  | "TOKEN_REQUIRED"
  | "TOKEN_TOO_SHORT"
  | "TOKENS_IDENTICAL"
  | "DATA_DIR_LOCKED";

/**
 * A setting the server cannot start with (bad flags, a public bind without a token, a locked data
 * directory). The CLI prints the message and exits 2; the message never contains a token.
 */
export class KeelMcpConfigError extends KeelConfigError {
  override readonly code: KeelMcpConfigErrorCode;

  constructor(code: KeelMcpConfigErrorCode, message: string) {
    super(code, message);
    this.name = "KeelMcpConfigError";
    this.code = code;
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is KeelMcpConfigError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
