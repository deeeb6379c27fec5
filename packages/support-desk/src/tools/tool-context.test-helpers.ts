import type { ToolContext } from "@keel/tools";

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

// The tool-call path without hooks or retries, as the tools package's own tests take it.
export { validateAndRun } from "../../../tools/src/toolset/toolset.test-helpers.js";
