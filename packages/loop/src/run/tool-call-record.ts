import type { ErrorCategory, ToolOutcome } from "@keel/errors";
import type { HookDecision } from "@keel/hooks";

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
