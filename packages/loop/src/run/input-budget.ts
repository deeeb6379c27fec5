import type { MessageCreateRequest } from "@keel/wire";
import type { RunError } from "./run-result.js";
import type { RunState } from "./run-state.js";

/**
 * Without `count_tokens`, input tokens are estimated as one per 3 bytes of request JSON: on the safe side
 * of English prose and JSON (about 4 bytes a token), so the estimate refuses early rather than late.
 */
export const estimateInputTokens = (bytes: number): number => Math.ceil(bytes / 3);

/** From this share of the budget by estimate, a client that can count is asked to (one extra request). */
const COUNT_FROM = 0.5;

/**
 * `context.maxInputTokens` before a request leaves: the estimate, then `countTokens` when it is near the
 * budget. Over the budget, a run with compaction sends anyway (its trigger is below the budget, so the API
 * compacts this request first); any other run ends `context_window_exceeded` before the API's 400.
 */
export async function overInputBudget(
  run: RunState,
  request: MessageCreateRequest,
  bytes: number,
): Promise<RunError | undefined> {
  const { maxInputTokens, compactTrigger } = run.options;
  if (maxInputTokens === undefined || compactTrigger !== undefined) return undefined;
  let tokens = estimateInputTokens(bytes);
  let how = "estimated from the request's size";
  const { client } = run.options;
  if (tokens >= maxInputTokens * COUNT_FROM && client.countTokens !== undefined) {
    try {
      tokens = (await client.countTokens(request, { signal: run.signal })).input_tokens;
      how = "counted with count_tokens, after the context edits";
    } catch {
      // Counting is a courtesy: the estimate stands.
    }
  }
  if (tokens <= maxInputTokens) return undefined;
  return {
    kind: "bad_request",
    message:
      `prompt is too long for the run's input budget: ${tokens} input tokens (${how}) exceed ` +
      `context.maxInputTokens (${maxInputTokens}), a budget this run set, not the model's context window; ` +
      "the request was not sent. Turn on context.compact or context.clearToolUses, raise context.maxInputTokens, " +
      "or continue from a shorter history.",
    retryable: false,
    limit: "maxInputTokens",
  };
}
