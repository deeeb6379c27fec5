export type { DocumentContent, ImageContent } from "./content.js";
export type {
  AppliedContextEdit,
  ClearThinkingEdit,
  ClearToolUsesEdit,
  CompactEdit,
  CompactionBlock,
  ContextManagementConfig,
  ContextManagementEdit,
  ContextManagementResponse,
  InputTokensThreshold,
  MessageTokensCount,
  ToolUsesCount,
  UsageIteration,
} from "./context-management.js";
export type { MessageFill } from "./message-template.js";
export { completeMessage, findMessageProblem } from "./message-template.js";
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
} from "./messages.js";
export { IDEMPOTENCY_META_KEY, KEEL_META_KEY } from "./meta-keys.js";
export type { TraceContext } from "./trace-context.js";
export {
  formatTraceparent,
  TRACEPARENT_META_KEY,
  TRACESTATE_META_KEY,
  traceContextFromMeta,
  traceContextMeta,
} from "./trace-context.js";
