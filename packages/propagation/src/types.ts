import type { ErrorCategory, JsonObject, JsonValue, ToolOutcome } from "@keel/errors";
import type { RunStatus } from "@keel/loop";

/**
 * Why a subagent could not deliver, with the fields a coordinator branches on.
 * `path` lists the agents the failure came through, innermost first: `path[0]` is the agent where it
 * happened, each hop appends its own name.
 */
export interface SubagentFailure {
  readonly category: ErrorCategory;
  readonly code: string;
  readonly retryable: boolean;
  /** Written for a model; never branch on it. */
  readonly message: string;
  readonly retryAfterMs?: number;
  /** The failing tool's own `details` (e.g. `field` of a validation error), carried along unchanged. */
  readonly details?: JsonObject;
  /** The tool whose outcome failed, at the innermost agent; `null` when the run itself failed (model error, cap, deadline). */
  readonly tool: string | null;
  readonly path: readonly string[];
}

/** What every SubagentReport carries, whatever its status. */
export interface ReportBase {
  /** The agent this report is about (the last entry of a failure's path). */
  readonly agent: string;
  /** The subagent's final text, for a model to read; never a decision input. */
  readonly text: string;
  /** Structured results (by default the merged object data of the run's successful tool outcomes). */
  readonly data?: JsonValue;
}

export interface SucceededReport extends ReportBase {
  readonly status: "succeeded";
}

/** "We looked and it is not there": a valid answer (e.g. NO_FEES_ON_RECORD with `resolved_basis: 0`). */
export interface EmptyReport extends ReportBase {
  readonly status: "empty";
  readonly empty: { readonly code: string; readonly message: string };
}

export interface FailedReport extends ReportBase {
  readonly status: "failed";
  readonly failure: SubagentFailure;
}

/** What a subagent hands its coordinator: JSON-safe, discriminated on `status`. */
export type SubagentReport = SucceededReport | EmptyReport | FailedReport;

/** One answered tool call of a run: the part of @keel/loop's ToolCallRecord a report reads. */
export interface SubagentToolCall {
  readonly requested: string;
  readonly executed: string | null;
  readonly outcome: ToolOutcome;
}

/** The part of @keel/loop's RunResult a report is built from; a real RunResult always fits. */
export interface SubagentRun {
  readonly status: RunStatus;
  readonly text: string;
  readonly toolCalls: readonly SubagentToolCall[];
  readonly error?: { readonly message: string; readonly retryable: boolean; readonly retryAfterMs?: number };
}

/**
 * What a child inherits from its parent. `signal` aborts when the parent aborts or the deadline passes.
 */
export interface Budget {
  /** Tool rounds the parent can still run, counting the one that called the child (>= 1 when running). */
  readonly iterationsLeft: number;
  /** Epoch milliseconds; `undefined` when nobody set one. */
  readonly deadline?: number | undefined;
  readonly signal: AbortSignal;
}

/** What a coordinator does with a subagent's result. */
export type CoordinatorDecision = "retry" | "escalate" | "answer" | "revise";
