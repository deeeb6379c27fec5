import type { JsonObject } from "@keel/errors";
import type { CompletedCall } from "@keel/hooks";
import type { SupportBackend } from "@keel/support-desk";
import { isMetaId } from "./meta-id.js";

/** The request `_meta` key naming the conversation a call belongs to (any client-chosen id). */
export const CONVERSATION_META_KEY = "dev.keel/conversation-id";

/** How many earlier calls of a conversation the hooks see. */
const HISTORY_LIMIT = 1000;

/**
 * Where a conversation's call history lives, so that any request, process or replica serving the same
 * conversation id gives the hooks the same "earlier in this conversation".
 */
export interface ConversationStore {
  calls(conversationId: string): Promise<readonly CompletedCall[] | undefined>;
  record(conversationId: string, call: CompletedCall): Promise<void>;
}

/** The store's conversation history (undefined when the store does not answer: the caller fails closed). */
export function backendConversations(backend: SupportBackend): ConversationStore {
  return {
    async calls(conversationId) {
      const listed = await backend.conversationCalls(conversationId, HISTORY_LIMIT);
      return listed.kind === "listed" ? (listed.entries as unknown as CompletedCall[]) : undefined;
    },
    async record(conversationId, call) {
      await backend.recordConversationCall(conversationId, JSON.parse(JSON.stringify(call)) as JsonObject);
    },
  };
}

/** The conversation id of a request: absent, a valid id, or invalid (not 1–200 printable ASCII). */
export function conversationIdOf(meta: unknown): { readonly id?: string; readonly invalid?: true } {
  if (typeof meta !== "object" || meta === null) return {};
  const value = (meta as Record<string, unknown>)[CONVERSATION_META_KEY];
  if (value === undefined) return {};
  return isMetaId(value) ? { id: value } : { invalid: true };
}
