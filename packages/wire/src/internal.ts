/**
 * Plumbing other Keel packages share. No semver promise: names here may change in any release.
 */
export { describeValue, findMessageProblem } from "./message-template.js";
export type {
  ApiErrorBody,
  ApiErrorType,
  CacheControl,
  RequestContentBlock,
  ServerToolDefinition,
  ToolChoice,
  ToolDefinitionParam,
} from "./messages.js";
export { isPlainObject, isRecord } from "./plain-object.js";
export { formatTraceparent } from "./trace-context.js";
