import type { StopReason, Usage } from "@keel/wire";
import type { RunContextSettings } from "./context-settings.js";
import type { ResponseContext } from "./context-usage.js";
import type { RunStatus } from "./run-status.js";
import type { ToolCallRecord } from "./tool-call-record.js";
import type { RunUsage } from "./usage.js";

/** Every event carries `atMs`: milliseconds since the run started (from the injected clock). */
interface EventBase {
  readonly atMs: number;
}

export interface RunStartEvent extends EventBase {
  readonly type: "run_start";
  readonly runId: string;
  /** The wall-clock start (ISO 8601 UTC): every event's `atMs` counts from here. Absent in older traces. */
  readonly startedAt?: string;
  readonly model: string;
  readonly client: string;
  readonly tools: readonly string[];
  readonly maxIterations: number;
  readonly cache: boolean;
  /** Compaction, clearing and the input budget the run was given; absent when none (and in older traces). */
  readonly context?: RunContextSettings;
}

export interface RequestEvent extends EventBase {
  readonly type: "request";
  /** 1-based request number. */
  readonly index: number;
  /** The forced final request (`tool_choice: none`). */
  readonly final: boolean;
  readonly messages: number;
  /** UTF-8 size of the JSON request body (computed incrementally, never by re-serialising the history). */
  readonly bytes: number;
}

export interface ResponseEvent extends EventBase {
  readonly type: "response";
  readonly index: number;
  readonly stopReason: StopReason | null;
  readonly toolUses: number;
  readonly usage: Usage;
  readonly cumulativeUsage: RunUsage;
  readonly durationMs: number;
  /** What the server's context management did to this request: cleared tokens, a compaction. */
  readonly context?: ResponseContext;
}

/** A tool call entered into the run: its record without the outcome itself, and the start of its text. */
export interface ToolCallEvent extends EventBase, Omit<ToolCallRecord, "outcome" | "executedInput"> {
  readonly type: "tool_call";
  /** The start of the tool_result text the model sees. */
  readonly preview: string;
}

export interface RetryEvent extends EventBase {
  readonly type: "retry";
  readonly id: string;
  readonly tool: string;
  /** The attempt that is about to run (2 for the first retry). */
  readonly attempt: number;
  readonly delayMs: number;
  readonly code: string;
}

/** The model client retried a request on its own (HTTP or mid-stream overload). */
export interface ModelRetryEvent extends EventBase {
  readonly type: "model_retry";
  readonly attempt: number;
  readonly reason: string;
  readonly delayMs: number;
}

/** A tool_use block that was not executed, and why. */
export interface ToolUseIgnoredEvent extends EventBase {
  readonly type: "tool_use_ignored";
  readonly id: string;
  readonly name: string;
  readonly reason: "stop_reason" | "final_request";
  readonly stopReason: StopReason | null;
}

/**
 * A read started while streaming that the final message does not let run: its block `changed`, or it is
 * `unused` (absent, the stop reason was not tool_use, the run aborted, or the model failed). Aborted and dropped.
 */
export interface EagerDiscardedEvent extends EventBase {
  readonly type: "eager_discarded";
  readonly id: string;
  readonly name: string;
  readonly reason: "changed" | "unused";
}

/** The tools changed between rounds (a `tools` function returned others): the next request carries these. */
export interface ToolsChangedEvent extends EventBase {
  readonly type: "tools_changed";
  readonly tools: readonly string[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Set when the new tools were unusable (e.g. two with one name): the run kept the previous ones. */
  readonly error?: string;
}

export interface EndEvent extends EventBase {
  readonly type: "end";
  readonly status: RunStatus;
  readonly iterations: number;
  readonly modelRequests: number;
  readonly usage: RunUsage;
}

/** A JSON-serialisable record of one step of a run. */
export type TraceEvent =
  | RunStartEvent
  | ToolsChangedEvent
  | RequestEvent
  | ResponseEvent
  | ToolCallEvent
  | RetryEvent
  | ModelRetryEvent
  | ToolUseIgnoredEvent
  | EagerDiscardedEvent
  | EndEvent;
