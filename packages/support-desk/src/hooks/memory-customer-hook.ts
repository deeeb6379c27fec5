import { permissionError } from "@keel/errors";
import { conversationCalls, definePreHook, type HookContext, type PreToolHook } from "@keel/hooks";
import { latestVerifiedCustomer } from "./run-facts.js";

/**
 * The customer the conversation verified last: earlier runs' calls come from `messages` (one run per user
 * turn); `history` stands in where the caller does not pass the conversation.
 */
function verifiedInConversation(context: HookContext): string | undefined {
  const calls =
    context.messages.length > 0
      ? conversationCalls(context.messages).flatMap(({ call, outcome }) =>
          outcome === undefined ? [] : [{ executed: call.name, outcome }],
        )
      : context.history;
  return latestVerifiedCustomer(calls);
}

/**
 * Keeps a customer's memory (the memory tool scoped to `customerId`) for a conversation about that customer:
 * every `memory` call is blocked (`permission`) until a get_customer_by_email or get_customer_by_id in this
 * conversation returned `customerId`, and again whenever the latest customer looked up is another one. The
 * operator's scope alone does not say who the person talking is; the lookup does.
 */
export function memoryCustomerHook(customerId: string): PreToolHook {
  return definePreHook("memory-customer", (call, context) => {
    if (call.name !== "memory") return { action: "allow" };
    const latest = verifiedInConversation(context);
    if (latest === customerId) return { action: "allow" };
    const error =
      latest === undefined
        ? permissionError(
            "MEMORY_CUSTOMER_NOT_VERIFIED",
            `Memory here belongs to customer ${customerId}, and no customer has been verified in this conversation. ` +
              "Look the customer up first with get_customer_by_email (or get_customer_by_id); memory opens once " +
              `that lookup returns ${customerId}. Answer without memory meanwhile.`,
          )
        : permissionError(
            "MEMORY_CUSTOMER_MISMATCH",
            `Memory here belongs to customer ${customerId}, but this conversation verified customer ${latest}. ` +
              "Do not read or write this memory for another customer; answer without it.",
          );
    return { action: "block", error };
  });
}
