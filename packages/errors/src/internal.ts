/**
 * Plumbing other Keel packages need. No semver promise: names here may change or go in any release.
 */
export { isRecord } from "@keel/wire/internal";
export type { CategoryErrorBuilder, ErrorBuilderOptions, SuccessOptions } from "./builders.js";
export type { McpImageContent, McpResourceContent } from "./mcp-content.js";
export type { McpContentBlock, McpTextContent } from "./mcp-result.js";
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
export type { RecoveryContext } from "./recovery.js";
export type { RetryDelayPolicy, RetryOptions } from "./retry-delay.js";
export { retryDelay } from "./retry-delay.js";
export type { ParsedToolResult } from "./tool-result-block.js";
export { toolResultText } from "./tool-result-block.js";
