import type { ToolOutcome } from "@keel/errors";
import type { ToolCall, ToolContext, Toolset } from "@keel/tools";

/** A ToolContext as the loop would build it, for calling tools directly in tests. */
export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    signal: new AbortController().signal,
    toolUseId: "toolu_test",
    runId: "run-test",
    iteration: 1,
    metadata: {},
    ...overrides,
  };
}

/** A call through the toolset as the tool-call path takes it: validate, then run (no hooks, no retries). */
export async function validateAndRun(
  toolset: Toolset,
  call: ToolCall,
  context: ToolContext,
): Promise<ToolOutcome> {
  const checked = toolset.validate(call);
  return checked.ok ? toolset.run(checked.tool, checked.input, context) : checked.outcome;
}
