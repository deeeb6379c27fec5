// The contexts the tools and hooks packages' own tests build: a ToolContext as the loop builds it, and a
// HookContext as the one tool-call path passes it (what `resolveToolCall` takes as its `context`).
export { makeContext as hookContext } from "../../../hooks/src/hook-context.test-helpers.js";
// The tool-call path without hooks or retries, as the tools package's own tests take it.
export {
  contextFor as toolContext,
  validateAndRun,
} from "../../../tools/src/toolset/toolset.test-helpers.js";
