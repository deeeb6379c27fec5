export type { ConversationCall } from "./conversation-calls.js";
export { conversationCalls } from "./conversation-calls.js";
export type { HookOptions, ToolCallOf, ToolPostHookSpec, ToolPreHookSpec } from "./define-hook.js";
export { definePostHook, definePreHook } from "./define-hook.js";
export type { HookConfigErrorCode } from "./hook-config-error.js";
export { HookConfigError } from "./hook-config-error.js";
export { HOOK_FAILED } from "./hook-failure.js";
export { runPostHooks } from "./run-post-hooks.js";
export { composePreHooks, runPreHooks } from "./run-pre-hooks.js";
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
export type {
  CompletedCall,
  HookContext,
  HookDecision,
  PostToolHook,
  PreToolDecision,
  PreToolHook,
  ToolHooks,
} from "./types.js";
