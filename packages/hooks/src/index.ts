export type { HookOptions } from "./define-hook.js";
export { definePostHook, definePreHook } from "./define-hook.js";
export type { HookConfigErrorCode } from "./hook-config-error.js";
export { HookConfigError } from "./hook-config-error.js";
export { HOOK_FAILED } from "./hook-failure.js";
export { idempotencyKey } from "./pipeline/idempotency-key.js";
export { composePreHooks, runPreHooks } from "./pipeline/plan-call.js";
export { resolveToolCall } from "./pipeline/resolve-tool-call.js";
export type { ToolCallAttributeValue } from "./pipeline/tool-call-attributes.js";
export { toolCallAttributes, toolCallErrorType } from "./pipeline/tool-call-attributes.js";
export type {
  HeldCall,
  HookDecision,
  ToolCallOptions,
  ToolCallResolution,
  ToolRetryEvent,
  ToolRetryPolicy,
} from "./pipeline/tool-call-resolution.js";
export type { ToolRetryOptions } from "./pipeline/tool-retry-policy.js";
export { DEFAULT_TOOL_RETRY, toolRetryPolicy } from "./pipeline/tool-retry-policy.js";
export { runPostHooks } from "./run-post-hooks.js";
export type { CapTextOptions } from "./stock/cap-text.js";
export { capText } from "./stock/cap-text.js";
export type { NumericDateOrder } from "./stock/date-formats.js";
export type { NormalizeDatesOptions } from "./stock/normalize-dates.js";
export { normalizeDates } from "./stock/normalize-dates.js";
export type { RedactSecretsOptions } from "./stock/redact-secrets.js";
export { redactSecrets } from "./stock/redact-secrets.js";
export type { RequireFactOptions } from "./stock/require-fact.js";
export { requireFact } from "./stock/require-fact.js";
export type { ThresholdRedirectOptions } from "./stock/threshold-redirect.js";
export { thresholdRedirect } from "./stock/threshold-redirect.js";
export type { TrimKeysOptions } from "./stock/trim-keys.js";
export { trimKeys } from "./stock/trim-keys.js";
export type { CompletedCall, HookContext, PostToolHook, PreToolDecision, PreToolHook } from "./types.js";
