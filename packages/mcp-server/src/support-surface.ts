import type { ToolHooks } from "@keel/hooks";
import {
  createSupportHooks,
  createSupportTools,
  type SupportBackend,
  storeIdempotencyRecords,
} from "@keel/support-desk";
import type { IdempotencyRecords } from "@keel/tool-call";
import { createToolset, type Toolset } from "@keel/tools";
import { backendConversations, type ConversationStore } from "./conversations.js";

/** The support hook that needs the conversation: it cannot work where every call is its own run. */
export const CONVERSATION_HOOK = "verified-customer";

export interface SupportSurface {
  readonly tools: Toolset;
  readonly hooks: ToolHooks;
  /** Stateless mode: conversation histories in the store, and every hook for calls in a conversation. */
  readonly conversations?: ConversationStore | undefined;
  readonly conversationHooks?: ToolHooks | undefined;
  /** The store's record of idempotency keys: a key names one request on every replica. */
  readonly idempotencyRecords: IdempotencyRecords;
}

/**
 * The support tools and business hooks over one store, built once per process. `session` (stdio) keeps
 * every hook; `stateless` (HTTP) drops the verified-customer hook, because a stateless request has no
 * earlier lookup to point at — refunds there rest on the bearer token's role, and process_refund itself
 * still pays only the order's own customer.
 */
export function supportSurface(backend: SupportBackend, mode: "session" | "stateless"): SupportSurface {
  const hooks = createSupportHooks(backend);
  const pre = mode === "session" ? hooks.pre : hooks.pre.filter((hook) => hook.name !== CONVERSATION_HOOK);
  return {
    tools: createToolset(createSupportTools(backend)),
    hooks: { pre, post: hooks.post },
    idempotencyRecords: storeIdempotencyRecords(backend),
    ...(mode === "stateless"
      ? {
          conversations: backendConversations(backend),
          conversationHooks: { pre: hooks.pre, post: hooks.post },
        }
      : {}),
  };
}
