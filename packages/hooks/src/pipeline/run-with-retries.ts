import { recoveryFor, type ToolOutcome } from "@keel/errors";
import type { Tool, ToolContext, Toolset } from "@keel/tools";
import type { ToolRetryEvent, ToolRetryPolicy } from "./tool-call-resolution.js";
import { toolRetryPolicy } from "./tool-retry-policy.js";

const STANDARD_RETRY = toolRetryPolicy();

/**
 * Runs a validated call, retrying while the taxonomy says a retry can succeed (transient, retryable,
 * attempts left) — decided by `recoveryFor` on the outcome's fields, never by its prose. Every attempt
 * gets the same context, so the same idempotency key. Stops as soon as the signal aborts.
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
  for (;;) {
    attempts += 1;
    const outcome = await toolset.run(tool, input, context);
    if (!outcome.isError || attempts >= retry.maxAttempts || context.signal.aborted) {
      return { outcome, attempts };
    }
    const recovery = recoveryFor(outcome, {
      attempt: attempts,
      maxAttempts: retry.maxAttempts,
      argumentsChanged: false,
    });
    const delayMs = recovery === "retry" ? retry.delayMs(attempts + 1, outcome.retryAfterMs) : null;
    if (delayMs === null) return { outcome, attempts };
    onRetry?.({
      toolUseId: context.toolUseId,
      tool: tool.name,
      attempt: attempts + 1,
      delayMs,
      code: outcome.code,
    });
    try {
      await retry.sleep(delayMs, context.signal);
    } catch {
      return { outcome, attempts };
    }
    if (context.signal.aborted) return { outcome, attempts };
  }
}
