/** A tool call as a trajectory writes it. */
export interface TrajectoryCall {
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * One step: a user message, assistant text, or one assistant turn of tool calls (several calls = parallel
 * `tool_use` blocks in one turn).
 */
export type TrajectoryStep =
  | { readonly user: string }
  | { readonly assistant: string }
  | { readonly calls: readonly TrajectoryCall[] };

/** The replay interface's input line: `{"id","task_id","steps":[...]}`. */
export interface Trajectory {
  readonly id: string;
  readonly task_id: string;
  readonly steps: readonly TrajectoryStep[];
}

/** How one call fared: the pre-hook decision and the outcome that entered the history. */
export interface StepRecord {
  readonly name: string;
  readonly decision: "allow" | "block" | "redirect" | "hold" | "rewrite";
  readonly hook: string | null;
  readonly outcome: "success" | "empty" | "error";
  readonly category: string | null;
  readonly code: string | null;
}

/** The replay interface's output line. */
export interface ReplayResult {
  readonly id: string;
  readonly task_id: string;
  readonly digest: string;
  readonly steps: readonly StepRecord[];
}
