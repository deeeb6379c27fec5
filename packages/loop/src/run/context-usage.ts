import type { ContextManagementResponse, Usage } from "@keel/wire";

/** What the server's context management did over a run (`RunUsage.context_management`). */
export interface ContextUsage {
  /** Input tokens the API's edits removed from prompts (`applied_edits[].cleared_input_tokens`, summed). */
  readonly cleared_input_tokens: number;
  readonly cleared_tool_uses: number;
  readonly cleared_thinking_turns: number;
  /** Responses that began with a compaction. */
  readonly compactions: number;
  /**
   * What the compaction steps were billed (`usage.iterations` of type `compaction`): not part of the
   * top-level totals, which are the message step's.
   */
  readonly compaction: {
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly cache_creation_input_tokens: number;
    readonly cache_read_input_tokens: number;
  };
}

/** One response's context facts, or undefined when the server did nothing to its context. */
export interface ResponseContext {
  readonly cleared_input_tokens: number;
  readonly cleared_tool_uses: number;
  readonly cleared_thinking_turns: number;
  readonly compacted: boolean;
  readonly compaction: ContextUsage["compaction"];
}

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Reads a response's `context_management.applied_edits` and its compaction iterations. */
export function responseContext(
  usage: Usage | undefined,
  applied: ContextManagementResponse | null | undefined,
): ResponseContext | undefined {
  const edits = Array.isArray(applied?.applied_edits) ? applied.applied_edits : [];
  const compactions = (Array.isArray(usage?.iterations) ? usage.iterations : []).filter(
    (step) => step?.type === "compaction",
  );
  if (edits.length === 0 && compactions.length === 0) return undefined;
  let cleared = 0;
  let toolUses = 0;
  let thinkingTurns = 0;
  for (const edit of edits) {
    cleared += count(edit.cleared_input_tokens);
    toolUses += count((edit as { cleared_tool_uses?: unknown }).cleared_tool_uses);
    thinkingTurns += count((edit as { cleared_thinking_turns?: unknown }).cleared_thinking_turns);
  }
  const compaction = {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  for (const step of compactions) {
    compaction.input_tokens += count(step.input_tokens);
    compaction.output_tokens += count(step.output_tokens);
    compaction.cache_creation_input_tokens += count(step.cache_creation_input_tokens);
    compaction.cache_read_input_tokens += count(step.cache_read_input_tokens);
  }
  return {
    cleared_input_tokens: cleared,
    cleared_tool_uses: toolUses,
    cleared_thinking_turns: thinkingTurns,
    compacted: compactions.length > 0,
    compaction,
  };
}

/** Adds one response's context facts to the run's. */
export function addContextUsage(total: ContextUsage | undefined, response: ResponseContext): ContextUsage {
  const before = total?.compaction;
  return {
    cleared_input_tokens: (total?.cleared_input_tokens ?? 0) + response.cleared_input_tokens,
    cleared_tool_uses: (total?.cleared_tool_uses ?? 0) + response.cleared_tool_uses,
    cleared_thinking_turns: (total?.cleared_thinking_turns ?? 0) + response.cleared_thinking_turns,
    compactions: (total?.compactions ?? 0) + (response.compacted ? 1 : 0),
    compaction: {
      input_tokens: (before?.input_tokens ?? 0) + response.compaction.input_tokens,
      output_tokens: (before?.output_tokens ?? 0) + response.compaction.output_tokens,
      cache_creation_input_tokens:
        (before?.cache_creation_input_tokens ?? 0) + response.compaction.cache_creation_input_tokens,
      cache_read_input_tokens:
        (before?.cache_read_input_tokens ?? 0) + response.compaction.cache_read_input_tokens,
    },
  };
}
