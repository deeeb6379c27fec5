import { conversationCalls, type HookContext } from "@keel/hooks";
import type { MessageParam } from "@keel/wire";

/** τ²'s tools that change the database; each needs the user's explicit yes first. */
export const DATABASE_WRITES: ReadonlySet<string> = new Set([
  "cancel_pending_order",
  "exchange_delivered_order_items",
  "modify_pending_order_address",
  "modify_pending_order_items",
  "modify_pending_order_payment",
  "modify_user_address",
  "return_delivered_order_items",
]);

const AUTHENTICATION = new Set(["find_user_id_by_email", "find_user_id_by_name_zip"]);

/** What the policy hooks need to know of the conversation, read from `context.messages` alone. */
export interface ConversationFacts {
  /** User ids a find_user_id_* call returned in this conversation, in order, without repeats. */
  readonly authenticated: readonly string[];
  /** Orders a get_order_details call found in this conversation. */
  readonly ordersRead: ReadonlySet<string>;
  /** `tool:order_id` of every write that succeeded in this conversation. */
  readonly writesDone: ReadonlySet<string>;
  /** A transfer_to_human_agents call succeeded. */
  readonly transferred: boolean;
  /** The latest message the user wrote (tool results are not the user's words), or undefined. */
  readonly latestUserText: string | undefined;
  /** The assistant's text in the turn just before that user message. */
  readonly textBeforeLatestUser: string;
  /** Database writes that succeeded since the user's latest message (a blocked or refused one is not counted). */
  readonly writesSinceUser: number;
  /** The text blocks of the assistant turn that holds the call being decided. */
  readonly textBesideCall: string;
}

// One computation per conversation state: every hook of a call (and every call of a turn) shares it.
const memo = new WeakMap<readonly MessageParam[], { length: number; facts: ConversationFacts }>();

/** The facts of `context.messages`, computed once per state of the conversation. */
export function conversationFacts(context: HookContext): ConversationFacts {
  const { messages } = context;
  const cached = memo.get(messages);
  if (cached?.length === messages.length) return cached.facts;
  const facts = computeFacts(messages);
  memo.set(messages, { length: messages.length, facts });
  return facts;
}

function computeFacts(messages: readonly MessageParam[]): ConversationFacts {
  const authenticated: string[] = [];
  const ordersRead = new Set<string>();
  const writesDone = new Set<string>();
  let transferred = false;
  const userIndex = messages.findLastIndex((message) => userText(message) !== undefined);
  const idsSinceUser = new Set(
    messages
      .slice(userIndex + 1)
      .flatMap((message) =>
        message.role === "assistant" && typeof message.content !== "string"
          ? message.content.filter((block) => block.type === "tool_use").map((block) => field(block, "id"))
          : [],
      ),
  );
  let writesSinceUser = 0;
  for (const { call, outcome } of conversationCalls(messages)) {
    if (outcome?.kind !== "success") continue;
    const input = call.input as Record<string, unknown>;
    if (AUTHENTICATION.has(call.name) && typeof outcome.data === "string") {
      if (!authenticated.includes(outcome.data)) authenticated.push(outcome.data);
    }
    if (call.name === "get_order_details") ordersRead.add(String(input.order_id));
    if (DATABASE_WRITES.has(call.name)) {
      writesDone.add(`${call.name}:${String(input.order_id)}`);
      if (idsSinceUser.has(call.id)) writesSinceUser++;
    }
    if (call.name === "transfer_to_human_agents") transferred = true;
  }
  const latest = userIndex < 0 ? undefined : messages[userIndex];
  const before = userIndex < 1 ? undefined : messages[userIndex - 1];
  const newest = messages.at(-1);
  return {
    authenticated,
    ordersRead,
    writesDone,
    transferred,
    latestUserText: latest === undefined ? undefined : userText(latest),
    textBeforeLatestUser: before?.role === "assistant" ? assistantText(before) : "",
    writesSinceUser,
    textBesideCall: newest?.role === "assistant" ? assistantText(newest) : "",
  };
}

/** The words of a user message: its string, or its text blocks; undefined for a turn of tool results. */
function userText(message: MessageParam): string | undefined {
  if (message.role !== "user") return undefined;
  if (typeof message.content === "string") return message.content;
  // A turn that answers tool calls carries the loop's words, if any, not the user's.
  if (message.content.some((block) => block.type === "tool_result")) return undefined;
  const texts = message.content.filter((block) => block.type === "text");
  return texts.length === 0 ? undefined : texts.map((block) => String(field(block, "text"))).join("\n");
}

function assistantText(message: MessageParam): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .filter((block) => block.type === "text")
    .map((block) => String(field(block, "text")))
    .join("\n");
}

// `type` does not narrow @keel/wire's content blocks (its pass-through block has `type: string`): read the
// field by name (API finding 11).
const field = (block: object, key: string): unknown => (block as Record<string, unknown>)[key];
