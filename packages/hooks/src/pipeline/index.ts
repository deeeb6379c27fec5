export { idempotencyKey } from "./idempotency-key.js";
export { resolveToolCall } from "./resolve-tool-call.js";
export type {
  HeldCall,
  HookDecision,
  ToolCallOptions,
  ToolCallResolution,
  ToolRetryEvent,
  ToolRetryPolicy,
} from "./tool-call-resolution.js";
