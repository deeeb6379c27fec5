import { fromToolResultBlock, type ToolOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import type { MessageParam, ToolResultBlock, ToolUseBlock } from "@keel/wire";
import type { RequestContentBlock } from "@keel/wire/internal";

/** A tool call found in a conversation, with the outcome its `tool_result` carried. */
export interface ConversationCall {
  /** The call as the assistant turn wrote it (`id` is its `tool_use` id). */
  readonly call: ToolCall;
  /**
   * The outcome as the model saw it (`fromToolResultBlock`: a redirect reads as its `redirected` envelope),
   * or `undefined` while the call has no `tool_result` yet — the calls of the turn being decided.
   */
  readonly outcome: ToolOutcome | undefined;
}

/**
 * Every `tool_use` of the assistant turns in `messages`, in order, paired with its `tool_result` from a later
 * user turn. This is how a hook finds calls of earlier runs of a conversation (one run per user turn), which
 * `context.history` — this run's calls — does not hold. Walks the whole conversation: call it once per
 * decision, only in hooks that need it.
 */
export function conversationCalls(messages: readonly MessageParam[]): readonly ConversationCall[] {
  const calls: ToolCall[] = [];
  const outcomes = new Map<string, ToolOutcome>();
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (message.role === "assistant" && isToolUse(block))
        calls.push({ id: block.id, name: block.name, input: block.input });
      else if (message.role === "user" && isToolResult(block))
        outcomes.set(block.tool_use_id, fromToolResultBlock(block).outcome);
    }
  }
  return calls.map((call) => ({ call, outcome: outcomes.get(call.id) }));
}

// The wire's pass-through block (`type: string`) keeps `type` from narrowing the union: check the fields.
const isToolUse = (block: RequestContentBlock): block is ToolUseBlock =>
  block.type === "tool_use" && typeof (block as ToolUseBlock).id === "string";
const isToolResult = (block: RequestContentBlock): block is ToolResultBlock =>
  block.type === "tool_result" && typeof (block as ToolResultBlock).tool_use_id === "string";
