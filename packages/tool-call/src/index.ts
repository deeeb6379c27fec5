export { idempotencyKey } from "./idempotency-key.js";
export type { IdempotencyRecords } from "./idempotency-records.js";
export { memoryIdempotencyRecords } from "./idempotency-records.js";
export { resolveToolCall } from "./resolve-tool-call.js";
export type {
  HeldCall,
  ToolCallOptions,
  ToolCallResolution,
  ToolRetryPolicy,
} from "./tool-call-resolution.js";
export { toolRetryPolicy } from "./tool-retry-policy.js";
