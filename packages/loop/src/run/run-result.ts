import type { ErrorCategory, ToolOutcome } from "@keel/errors";
import type { HookDecision } from "@keel/hooks";
import type { MessageParam, StopReason } from "@keel/wire";
import type { ModelClientErrorKind } from "../clients/model-client-error.js";
import type { RunSnapshot } from "./run-snapshot.js";
import type { TraceEvent } from "./trace-events.js";

/** Exactly one per run. */
export type RunStatus =
  | "completed"
  | "max_iterations"
  | "truncated"
  | "refused"
  | "context_window_exceeded"
  | "max_pause_turns"
  | "unknown_stop_reason"
  | "awaiting_approval"
  | "aborted"
  | "model_error";

/** Cumulative token usage over every request of the run. */
export interface RunUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  /** Billed server-tool requests, present once a response reported any. */
  readonly server_tool_use?: { readonly web_search_requests: number; readonly web_fetch_requests: number };
  /**
   * Attempts that failed after the API had started answering (a stream that broke, retried or not, or a
   * request aborted mid-stream): the tokens they reported are billed too, and are counted here, not in the
   * totals above. Present once any.
   */
  readonly failed_attempts?: {
    readonly attempts: number;
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly cache_creation_input_tokens: number;
    readonly cache_read_input_tokens: number;
  };
}

/** The pre-hook decision; `null` when the call never reached the hooks (it failed validation). */
export type ToolCallDecision = HookDecision | null;

/** One answered tool_use block. */
export interface ToolCallRecord {
  /** The tool_use id; the tool_result carries it, also after a redirect. */
  readonly id: string;
  readonly requested: string;
  /** The tool whose outcome entered the history; `null` when nothing ran (invalid or blocked). */
  readonly executed: string | null;
  /** The model's input, as sent. */
  readonly input: unknown;
  /** The input the executed tool received, when a hook changed it. */
  readonly executedInput?: unknown;
  readonly decision: ToolCallDecision;
  /** The hook behind a non-allow decision. */
  readonly hook?: string;
  /** The outcome that entered the history (after post-hooks). */
  readonly outcome: ToolOutcome;
  readonly isError: boolean;
  readonly category?: ErrorCategory;
  readonly code?: string;
  /** Handler runs (retries included); 0 when nothing ran or the outcome was reused. */
  readonly attempts: number;
  readonly durationMs: number;
  /** The outcome of an identical earlier call of a `reuse: true` read tool. */
  readonly reused: boolean;
  /** Started while the response was still streaming. */
  readonly eager: boolean;
  /** The tool round (1-based). */
  readonly iteration: number;
}

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
}

export interface RunResult {
  readonly status: RunStatus;
  readonly runId: string;
  /** Text of the response that ended the run ("" for aborted and model_error). */
  readonly text: string;
  /** The full history: the initial messages, then every assistant turn verbatim and every tool-result turn. */
  readonly messages: readonly MessageParam[];
  readonly usage: RunUsage;
  /** Tool rounds executed. */
  readonly iterations: number;
  readonly modelRequests: number;
  readonly toolCalls: readonly ToolCallRecord[];
  readonly trace: readonly TraceEvent[];
  readonly stopDetails?: StopDetails;
  readonly error?: RunError;
  /** With `awaiting_approval`: the paused run as versioned JSON, for `resumeRun` in any process. */
  readonly snapshot?: RunSnapshot;
  readonly durationMs: number;
}
