export type { ErrorBuilderOptions, ToolErrorInput } from "./builders.js";
export {
  businessError,
  permissionError,
  success,
  toolError,
  transientError,
  unclassifiedError,
  validationError,
  validEmpty,
} from "./builders.js";
export { CATEGORY_DEFAULTS, ERROR_CATEGORIES } from "./categories.js";
export { isErrorOutcome, isToolOutcome } from "./guards.js";
export type { KeelErrorOptions } from "./keel-error.js";
export { KeelConfigError, KeelError } from "./keel-error.js";
export type { McpCallToolResult, McpTextContent } from "./mcp-result.js";
export { fromMcpResult, toMcpResult } from "./mcp-result.js";
export { outcomeFromThrown } from "./outcome-from-thrown.js";
export type { RecoveryContext } from "./recovery.js";
export { recoveryFor } from "./recovery.js";
export { renderOutcomeText } from "./render-outcome-text.js";
export { ToolError } from "./tool-error.js";
export type { ParsedToolResult } from "./tool-result-block.js";
export { fromToolResultBlock, toToolResultBlock } from "./tool-result-block.js";
export type {
  EmptyOutcome,
  ErrorCategory,
  ErrorOutcome,
  JsonObject,
  JsonValue,
  Recovery,
  SuccessOutcome,
  TextContent,
  ToolContent,
  ToolOutcome,
} from "./types.js";
