export type { ConversationCall } from "./conversation-calls.js";
export { conversationCalls } from "./conversation-calls.js";
export type {
  HookOptions,
  ToolCallOf,
  ToolPostHookSpec,
  ToolPreHookSpec,
} from "./define-hook.js";
export { definePostHook, definePreHook } from "./define-hook.js";
export { HookConfigError } from "./hook-config-error.js";
export { HOOK_FAILED } from "./hook-failure.js";
export { runPostHooks } from "./run-post-hooks.js";
export { composePreHooks, runPreHooks } from "./run-pre-hooks.js";
export { capText } from "./stock/cap-text.js";
export { normalizeDates } from "./stock/normalize-dates.js";
export { redactSecrets } from "./stock/redact-secrets.js";
export { requireFact } from "./stock/require-fact.js";
export { thresholdRedirect } from "./stock/threshold-redirect.js";
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
