/**
 * Plumbing other Keel packages share. No semver promise: names here may change in any release.
 */

export type {
  ClearThinkingEdit,
  ClearToolUsesEdit,
  CompactEdit,
  ContextManagementConfig,
  ContextManagementEdit,
  InputTokensThreshold,
  ToolUsesCount,
} from "./context-management.js";
export { completeMessage, describeValue, findMessageProblem } from "./message-template.js";
export type {
  ApiErrorBody,
  ApiErrorType,
  CacheControl,
  RequestContentBlock,
  ServerToolDefinition,
  ToolChoice,
  ToolDefinitionParam,
} from "./messages.js";
export { readPackageVersion } from "./package-version.js";
export { isPlainObject, isRecord, isThenable } from "./plain-object.js";
export { formatTraceparent } from "./trace-context.js";
