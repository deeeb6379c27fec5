export type { ErrorBuilderOptions, SuccessOptions, ToolErrorInput } from "./builders.js";
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
export type { CategoryDefaults } from "./categories.js";
export { CATEGORY_DEFAULTS, ERROR_CATEGORIES } from "./categories.js";
export { isErrorOutcome, isToolOutcome } from "./guards.js";
export type { KeelErrorOptions } from "./keel-error.js";
export { KeelConfigError, KeelError } from "./keel-error.js";
export type { McpImageContent, McpResourceContent } from "./mcp-content.js";
export type { McpCallToolResult, McpContentBlock, McpTextContent } from "./mcp-result.js";
export { fromMcpResult, toMcpResult } from "./mcp-result.js";
export type { EmptyEnvelope, Redirect, RedirectEnvelope } from "./outcome-envelopes.js";
export {
  EMPTY_ENVELOPE_SCHEMA,
  EMPTY_MEANING,
  emptyEnvelope,
  REDIRECT_ENVELOPE_SCHEMA,
  redirectedOutcome,
  unwrapRedirect,
} from "./outcome-envelopes.js";
export type { ThrownContext } from "./outcome-from-thrown.js";
export { outcomeFromThrown } from "./outcome-from-thrown.js";
export type { RecoveryContext } from "./recovery.js";
export { recoveryFor } from "./recovery.js";
export { renderOutcomeText } from "./render-outcome-text.js";
export { ToolError } from "./tool-error.js";
export type { KeelToolResultBlock, ParsedToolResult, ToolResultBlockLike } from "./tool-result-block.js";
export { fromToolResultBlock, toolResultText, toToolResultBlock } from "./tool-result-block.js";
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
