export { idempotencyKey } from "./idempotency-key.js";
export type { IdempotencyClaim, IdempotencyRecords } from "./idempotency-records.js";
export { memoryIdempotencyRecords, requestFingerprint } from "./idempotency-records.js";
export { resolveToolCall } from "./resolve-tool-call.js";
export type {
  HeldCall,
  ToolCallOptions,
  ToolCallResolution,
  ToolRetryEvent,
  ToolRetryPolicy,
} from "./tool-call-resolution.js";
export type { ToolRetryOptions } from "./tool-retry-policy.js";
export { DEFAULT_TOOL_RETRY, toolRetryPolicy } from "./tool-retry-policy.js";
