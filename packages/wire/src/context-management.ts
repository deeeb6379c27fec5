/**
 * The Messages API's context management shapes (betas `context-management-2025-06-27` and
 * `compact-2026-01-12`), as `@anthropic-ai/sdk` declares them in `resources/beta/messages/messages.ts`
 * (`BetaContextManagementConfig`, `BetaCompactionBlock`, `BetaIterationsUsage`, `BetaMessageTokensCount`).
 */

/** A token count threshold (`trigger`, `clear_at_least`). */
export interface InputTokensThreshold {
  type: "input_tokens";
  value: number;
}

/** A tool-use count (`clear_tool_uses_20250919`'s `trigger` or `keep`). */
export interface ToolUsesCount {
  type: "tool_uses";
  value: number;
}

/** Clears the oldest tool results (and optionally inputs) once the prompt passes `trigger`. */
export interface ClearToolUsesEdit {
  type: "clear_tool_uses_20250919";
  trigger?: InputTokensThreshold | ToolUsesCount;
  keep?: ToolUsesCount;
  clear_at_least?: InputTokensThreshold | null;
  exclude_tools?: string[] | null;
  clear_tool_inputs?: boolean | string[] | null;
}

/** Clears thinking blocks of older assistant turns. */
export interface ClearThinkingEdit {
  type: "clear_thinking_20251015";
  keep?: { type: "thinking_turns"; value: number } | { type: "all" } | "all";
}

/** Summarises earlier turns into a `compaction` block once the prompt passes `trigger`. */
export interface CompactEdit {
  type: "compact_20260112";
  trigger?: InputTokensThreshold | null;
  instructions?: string | null;
  pause_after_compaction?: boolean;
}

export type ContextManagementEdit = ClearToolUsesEdit | ClearThinkingEdit | CompactEdit;

/** The request's `context_management`. */
export interface ContextManagementConfig {
  edits?: ContextManagementEdit[];
}

/** One edit the API applied to this request's prompt (the response's `context_management.applied_edits`). */
export type AppliedContextEdit =
  | { type: "clear_tool_uses_20250919"; cleared_input_tokens: number; cleared_tool_uses: number }
  | { type: "clear_thinking_20251015"; cleared_input_tokens: number; cleared_thinking_turns: number };

/** The response's `context_management`. */
export interface ContextManagementResponse {
  applied_edits: AppliedContextEdit[];
}

/**
 * The summary of earlier turns the API returned (first in its response). Send it back verbatim: the API
 * then ignores everything before it. `content: null` is a failed compaction, which the API treats as a no-op.
 */
export interface CompactionBlock {
  type: "compaction";
  content: string | null;
  encrypted_content?: string | null;
}

/** One sampling step of a response (`usage.iterations`): a compaction, then the message. */
export interface UsageIteration {
  type: "compaction" | "message" | (string & {});
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** `POST /v1/messages/count_tokens`'s answer. */
export interface MessageTokensCount {
  input_tokens: number;
  /** With `context_management`: the count before the edits (`input_tokens` is after them). */
  context_management?: { original_input_tokens: number } | null;
}
