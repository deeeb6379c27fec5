import type { RequestFields } from "./request-parameters.js";

/** What a run asked of the API's context management, as its `run_start` trace event records it. */
export interface RunContextSettings {
  /**
   * The edits every request asks for (`compact_20260112`, `clear_tool_uses_20250919`,
   * `clear_thinking_20251015`), each with its trigger; `null` is the API's default trigger.
   */
  readonly edits: readonly {
    readonly type: string;
    readonly trigger: { readonly type: string; readonly value: number } | null;
  }[];
  /** `context.maxInputTokens`: no request is sent with more input tokens; null when unset. */
  readonly maxInputTokens: number | null;
}

/**
 * The context settings of a run, read from the request it sends (so a trace shows them even when the API
 * never had to edit anything), or undefined when the run has none.
 */
export function contextSettings(
  request: RequestFields,
  maxInputTokens: number | undefined,
): RunContextSettings | undefined {
  const edits = (request.context_management?.edits ?? []).map((edit) => {
    const trigger = "trigger" in edit ? edit.trigger : undefined;
    return {
      type: edit.type,
      trigger: trigger == null ? null : { type: trigger.type, value: trigger.value },
    };
  });
  if (edits.length === 0 && maxInputTokens === undefined) return undefined;
  return { edits, maxInputTokens: maxInputTokens ?? null };
}
