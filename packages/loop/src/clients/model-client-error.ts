import { KeelError } from "@keel/errors";

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
  readonly retryable?: boolean | undefined;
  readonly status?: number | undefined;
  readonly retryAfterMs?: number | undefined;
  readonly cause?: unknown;
}

/** A ModelClientError as plain data: what a cassette records and what a run reports as its error. */
export interface ModelClientErrorFields {
  readonly kind: ModelClientErrorKind;
  readonly message: string;
  readonly retryable: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;
}

/**
 * The one error a ModelClient rejects with; switch on `kind` (the same value as `code`).
 * The message says what to do next and never contains an API key. `retryable` answers
 * "can the same request succeed later?" — it says nothing about output already streamed.
 */
export class ModelClientError extends KeelError<ModelClientErrorKind> {
  static override readonly errorName = "ModelClientError";
  readonly kind: ModelClientErrorKind;
  readonly retryable: boolean;
  declare readonly status?: number;
  declare readonly retryAfterMs?: number;

  constructor(kind: ModelClientErrorKind, message: string, options: ModelClientErrorOptions = {}) {
    super(kind, message, { cause: options.cause });
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_BY_KIND[kind];
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }

  /** The fields without cause or stack (also what `JSON.stringify` writes): one place lists them. */
  toJSON(): ModelClientErrorFields {
    return {
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

/** The rejection every client uses when the caller's AbortSignal fired. */
export function abortedError(cause?: unknown): ModelClientError {
  return new ModelClientError("aborted", "The model request was aborted by the caller's AbortSignal.", {
    cause,
  });
}
