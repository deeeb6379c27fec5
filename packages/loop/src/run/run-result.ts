import type { MessageParam, StopReason } from "@keel/wire";
import type { ModelClientErrorKind } from "../clients/model-client-error.js";
import type { RunSnapshot } from "./run-snapshot.js";
import type { RunStatus } from "./run-status.js";
import type { ToolCallRecord } from "./tool-call-record.js";
import type { TraceEvent } from "./trace-events.js";

/** Why the last response ended the run. */
export interface StopDetails {
  readonly stopReason: StopReason | null;
  readonly stopSequence: string | null;
  /** The API's `stop_details` (e.g. the refusal explanation), when present. */
  readonly details?: unknown;
  /** Set when a loop bound ended the run. */
  readonly limit?: "maxIterations" | "maxPauseTurns";
}

/**
 * Why the run ended in `model_error`: the client's ModelClientError fields, `unknown` for a client that
 * rejected with something else, `internal` for an unexpected failure inside the loop.
 */
export interface RunError {
  readonly kind: ModelClientErrorKind | "unknown" | "internal";
  readonly message: string;
  readonly retryable: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;
  /**
   * `maxInputTokens` when the run's own `context.maxInputTokens` refused the request before it was sent
   * (`context_window_exceeded` by the caller's budget, not by the model's context window).
   */
  readonly limit?: "maxInputTokens";
}

/**
 * What every run reports, whatever its status: its id and counters (`iterations`, `modelRequests`, `usage`)
 * as its snapshot carries them, and the rest below.
 */
interface RunSummary extends Pick<RunSnapshot, "runId" | "iterations" | "modelRequests" | "usage"> {
  /** Text of the response that ended the run ("" when no response did: aborted, model_error, awaiting_approval). */
  readonly text: string;
  /** The full history: the initial messages, then every assistant turn verbatim and every tool-result turn. */
  readonly messages: readonly MessageParam[];
  readonly toolCalls: readonly ToolCallRecord[];
  readonly trace: readonly TraceEvent[];
  readonly durationMs: number;
}

/** A response ended the run: its stop reason and details are known. */
interface AnsweredEnding {
  readonly status: Exclude<RunStatus, "awaiting_approval" | "aborted" | "model_error">;
  readonly stopDetails: StopDetails;
  readonly error?: never;
  readonly snapshot?: never;
}

/** The request failed: `error` says why. A transient failure carries a `snapshot` to resume from. */
interface FailedEnding {
  readonly status: "model_error" | "context_window_exceeded";
  readonly error: RunError;
  /** With `model_error` when the failure was transient: the run as versioned JSON, for `resumeRun`. */
  readonly snapshot?: RunSnapshot;
  readonly stopDetails?: never;
}

/** A hook held calls for a person: `snapshot` is the paused run, for `resumeRun` in any process. */
interface PausedEnding {
  readonly status: "awaiting_approval";
  readonly snapshot: RunSnapshot;
  readonly stopDetails?: never;
  readonly error?: never;
}

interface AbortedEnding {
  readonly status: "aborted";
  readonly stopDetails?: never;
  readonly error?: never;
  readonly snapshot?: never;
}

/** How a run ended, with what that status guarantees (RunState.finish takes it). */
export type RunEnding = AnsweredEnding | FailedEnding | PausedEnding | AbortedEnding;

/**
 * The result of `runAgent` / `resumeRun`, discriminated by `status`: `model_error` always has `error`,
 * `awaiting_approval` a `snapshot`, every status ended by a response its `stopDetails`.
 * `context_window_exceeded` comes either from the stop reason (`stopDetails`) or from the API refusing a
 * prompt that is too long (`error`).
 */
export type RunResult = RunSummary & RunEnding;
