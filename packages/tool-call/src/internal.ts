// Plumbing for other Keel packages (the agent loop's and the MCP server's spans): no semver promise.

export type { IdempotencyClaim } from "./idempotency-records.js";
export { requestFingerprint } from "./idempotency-records.js";
export type { ToolCallAttributeValue } from "./tool-call-attributes.js";
export { toolCallAttributes, toolCallErrorType } from "./tool-call-attributes.js";
// The types the attributes are read from, so this entry point's declarations stand alone.
export type { HeldCall, ToolCallResolution, ToolRetryEvent } from "./tool-call-resolution.js";
export type { ToolRetryOptions } from "./tool-retry-policy.js";
export { DEFAULT_TOOL_RETRY } from "./tool-retry-policy.js";
