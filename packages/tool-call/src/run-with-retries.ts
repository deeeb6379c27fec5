import { type ErrorOutcome, recoveryFor, type ToolOutcome } from "@keel/errors";
import type { Tool, ToolContext, Toolset } from "@keel/tools";
import type { ToolRetryEvent, ToolRetryPolicy } from "./tool-call-resolution.js";
import { toolRetryPolicy } from "./tool-retry-policy.js";

const STANDARD_RETRY = toolRetryPolicy();

/**
 * Runs a validated call, retrying while the taxonomy says a retry can succeed (transient, retryable,
 * attempts left) — decided by `recoveryFor` on the outcome's fields, never by its prose. Every attempt
 * gets the same context, so the same idempotency key. Stops as soon as the signal aborts.
 *
 * One budget across a hop: an error that says it already took `attempts` runs (a Keel MCP server that
 * retried before answering) spends that many of this budget, and a final error after more than one run
 * says how many it took in all. `attempts` in the result counts the handler runs made here.
 */
export async function runWithRetries(
  toolset: Toolset,
  tool: Tool,
  input: unknown,
  context: ToolContext,
  retry: ToolRetryPolicy = STANDARD_RETRY,
  onRetry?: (event: ToolRetryEvent) => void,
): Promise<{ readonly outcome: ToolOutcome; readonly attempts: number }> {
  let attempts = 0;
  let spent = 0;
  for (;;) {
    attempts += 1;
    const outcome = await toolset.run(tool, input, context);
    if (!outcome.isError) return { outcome, attempts };
    spent += outcome.attempts ?? 1;
    const done = (final: ErrorOutcome) => ({
      outcome: spent > 1 && final.attempts !== spent ? { ...final, attempts: spent } : final,
      attempts,
    });
    if (spent >= retry.maxAttempts || context.signal.aborted) return done(outcome);
    const recovery = recoveryFor(outcome, {
      attempt: spent,
      maxAttempts: retry.maxAttempts,
      argumentsChanged: false,
    });
    const delayMs = recovery === "retry" ? retry.delayMs(spent + 1, outcome.retryAfterMs) : null;
    if (delayMs === null) return done(outcome);
    onRetry?.({
      toolUseId: context.toolUseId,
      tool: tool.name,
      attempt: spent + 1,
      delayMs,
      code: outcome.code,
    });
    try {
      await retry.sleep(delayMs, context.signal);
    } catch {
      return done(outcome);
    }
    if (context.signal.aborted) return done(outcome);
  }
}
