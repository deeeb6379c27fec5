import { recoveryFor, type ToolOutcome } from "@keel/errors";
import type { Tool, ToolContext } from "@keel/tools";
import { retryDelay } from "./backoff.js";
import type { RunState } from "./run-state.js";

/**
 * Runs a tool, retrying while the taxonomy says a retry can succeed (transient, retryable, attempts left)
 * — decided by recoveryFor on the outcome's fields, never by its prose. The same context, and so the same
 * idempotency key, serves every attempt. Stops retrying as soon as the run aborts.
 */
export async function runWithRetries(
  run: RunState,
  tool: Tool,
  input: unknown,
  context: ToolContext,
): Promise<{ readonly outcome: ToolOutcome; readonly attempts: number }> {
  const { toolset, retry, random, sleep } = run.options;
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
    const delayMs =
      recovery === "retry" ? retryDelay(attempts + 1, retry, random, outcome.retryAfterMs) : null;
    if (delayMs === null) return { outcome, attempts };
    run.emit({
      type: "retry",
      id: context.toolUseId,
      tool: tool.name,
      attempt: attempts + 1,
      delayMs,
      code: outcome.code,
    });
    try {
      await sleep(delayMs, context.signal);
    } catch {
      return { outcome, attempts };
    }
    if (context.signal.aborted) return { outcome, attempts };
  }
}
