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
 * Synchronous unless it asks `countTokens` (a promise then): most requests have nothing to wait for.
 */
export function overInputBudget(
  run: RunState,
  request: MessageCreateRequest,
  bytes: number,
): RunError | undefined | Promise<RunError | undefined> {
  const { maxInputTokens, compactTrigger } = run.options;
  if (maxInputTokens === undefined || compactTrigger !== undefined) return undefined;
  const estimate = estimateInputTokens(bytes);
  if (estimate >= maxInputTokens * COUNT_FROM && run.options.client.countTokens !== undefined) {
    return countedOverBudget(run, request, estimate, maxInputTokens);
  }
  return overBudget(estimate, "estimated from the request's size", maxInputTokens);
}

/** Near the budget, with a client that can count: its count decides (the estimate if counting fails). */
async function countedOverBudget(
  run: RunState,
  request: MessageCreateRequest,
  estimate: number,
  maxInputTokens: number,
): Promise<RunError | undefined> {
  let tokens = estimate;
  let how = "estimated from the request's size";
  try {
    tokens = (await run.options.client.countTokens!(request, { signal: run.signal })).input_tokens;
    how = "counted with count_tokens, after the context edits";
  } catch {
    // Counting is a courtesy: the estimate stands.
  }
  return overBudget(tokens, how, maxInputTokens);
}

function overBudget(tokens: number, how: string, maxInputTokens: number): RunError | undefined {
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
