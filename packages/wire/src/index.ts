export type { DocumentContent, ImageContent } from "./content.js";
export type {
  AppliedContextEdit,
  CompactionBlock,
  ContextManagementResponse,
  MessageTokensCount,
  UsageIteration,
} from "./context-management.js";
export { DEFAULT_MODEL } from "./default-model.js";
export type { MessageFill } from "./message-template.js";
export { completeMessage } from "./message-template.js";
export type {
  ContentBlock,
  Message,
  MessageCreateRequest,
  MessageParam,
  MessageTemplate,
  OtherBlock,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolUseBlock,
  Usage,
} from "./messages.js";
export { IDEMPOTENCY_META_KEY, KEEL_META_KEY } from "./meta-keys.js";
export type { TraceContext } from "./trace-context.js";
export {
  TRACEPARENT_META_KEY,
  TRACESTATE_META_KEY,
  traceContextFromMeta,
  traceContextMeta,
} from "./trace-context.js";
