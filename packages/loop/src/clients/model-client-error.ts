const MARKER = Symbol.for("keel.model-client-error");

export type ModelClientErrorKind =
  | "authentication"
  | "permission"
  | "rate_limit"
  | "overloaded"
  | "bad_request"
  | "server"
  | "connection"
  | "timeout"
  | "aborted"
  | "script_exhausted"
  | "replay_mismatch"
  | "invalid_response";

/** Whether a second attempt of the same request can succeed, by kind (a status may refine it). */
const RETRYABLE_BY_KIND: Readonly<Record<ModelClientErrorKind, boolean>> = {
  authentication: false,
  permission: false,
  rate_limit: true,
  overloaded: true,
  bad_request: false,
  server: true,
  connection: true,
  timeout: true,
  aborted: false,
  script_exhausted: false,
  replay_mismatch: false,
  invalid_response: false,
};

export interface ModelClientErrorOptions {
  /** Defaults by kind: rate_limit, overloaded, server, connection and timeout are retryable. */
  readonly retryable?: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly cause?: unknown;
}

/**
 * The one error a ModelClient rejects with; switch on `kind`.
 * The message says what to do next and never contains an API key. `retryable` answers
 * "can the same request succeed later?" — it says nothing about output already streamed.
 */
export class ModelClientError extends Error {
  readonly kind: ModelClientErrorKind;
  readonly retryable: boolean;
  declare readonly status?: number;
  declare readonly retryAfterMs?: number;

  constructor(kind: ModelClientErrorKind, message: string, options: ModelClientErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelClientError";
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_BY_KIND[kind];
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for a ModelClientError from any copy of @keel/loop (works across duplicated installs). */
  static isInstance(value: unknown): value is ModelClientError {
    return typeof value === "object" && value !== null && MARKER in value;
  }
}

/** The rejection every client uses when the caller's AbortSignal fired. */
export function abortedError(cause?: unknown): ModelClientError {
  return new ModelClientError("aborted", "The model request was aborted by the caller's AbortSignal.", {
    cause,
  });
}
