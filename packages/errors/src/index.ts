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
export type { DescribeJsonErrorOptions, JsonTextResult } from "./input-text-errors.js";
export { describeJsonError, describeReadError, parseJsonText } from "./input-text-errors.js";
export type { KeelErrorOptions } from "./keel-error.js";
export { KeelConfigError, KeelError } from "./keel-error.js";
export type { McpImageContent, McpResourceContent } from "./mcp-content.js";
export type { McpCallToolResult, McpContentBlock, McpTextContent } from "./mcp-result.js";
export { fromMcpResult, IDEMPOTENCY_META_KEY, KEEL_META_KEY, toMcpResult } from "./mcp-result.js";
export type { EmptyEnvelope, Redirect, RedirectEnvelope } from "./outcome-envelopes.js";
export {
  asObject,
  EMPTY_ENVELOPE_SCHEMA,
  EMPTY_MEANING,
  emptyEnvelope,
  REDIRECT_ENVELOPE_SCHEMA,
  redirectedOutcome,
  unwrapRedirect,
} from "./outcome-envelopes.js";
export type { ThrownContext } from "./outcome-from-thrown.js";
export { outcomeFromThrown } from "./outcome-from-thrown.js";
export { isRecord } from "./plain-object.js";
export type { RecoveryContext } from "./recovery.js";
export { recoveryFor } from "./recovery.js";
export { renderOutcomeText } from "./render-outcome-text.js";
export type { RetryDelayPolicy } from "./retry-delay.js";
export { retryDelay } from "./retry-delay.js";
export type { SecretKind } from "./secret-detection.js";
export { containsSecret, isSecretKey, redactSecretText } from "./secret-detection.js";
export { isToolContent } from "./tool-content.js";
export { ToolError } from "./tool-error.js";
export type { KeelToolResultBlock, ParsedToolResult, ToolResultBlockLike } from "./tool-result-block.js";
export { fromToolResultBlock, toolResultText, toToolResultBlock } from "./tool-result-block.js";
export type { TraceContext } from "./trace-context.js";
export {
  formatTraceparent,
  TRACEPARENT_META_KEY,
  TRACESTATE_META_KEY,
  traceContextFromMeta,
  traceContextMeta,
} from "./trace-context.js";
export type {
  DocumentContent,
  EmptyOutcome,
  ErrorCategory,
  ErrorOutcome,
  ImageContent,
  JsonObject,
  JsonValue,
  Recovery,
  SuccessOutcome,
  TextContent,
  ToolContent,
  ToolOutcome,
} from "./types.js";
export type { MessageFill } from "./wire/message-template.js";
export { completeMessage, describeValue, findMessageProblem } from "./wire/message-template.js";
export type {
  ApiErrorBody,
  ApiErrorType,
  CacheControl,
  ContentBlock,
  Message,
  MessageCreateRequest,
  MessageParam,
  MessageTemplate,
  OtherBlock,
  RequestContentBlock,
  ServerToolDefinition,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolChoice,
  ToolDefinitionParam,
  ToolResultBlock,
  ToolUseBlock,
  Usage,
} from "./wire/types.js";
