/** How a run ended: exactly one per run (`RunResult.status`, the trace's `end` event). */
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
