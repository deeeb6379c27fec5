import type { Message, ToolUseBlock } from "@keel/wire";
import type { ModelStreamEvent } from "./model-client.js";

/**
 * Replays a finished Message as the events a streaming client would have sent, so every client
 * has the same event semantics: per block, one `text_delta` with the whole text (non-empty text
 * blocks), `tool_use_complete` (tool_use blocks, marked `replayed`: the message is already whole), then
 * `content_block_complete`.
 * A tool_use that ends a `max_tokens` message was cut off, so it gets no `tool_use_complete`,
 * as with the streaming client, where its input JSON would not parse.
 */
export function emitMessageEvents(
  message: Message,
  onEvent: ((event: ModelStreamEvent) => void) | undefined,
) {
  if (!onEvent) return;
  const lastIndex = message.content.length - 1;
  for (const [index, block] of message.content.entries()) {
    if (block.type === "text" && typeof block.text === "string" && block.text.length > 0) {
      onEvent({ type: "text_delta", index, text: block.text });
    } else if (block.type === "tool_use") {
      const cutOff = message.stop_reason === "max_tokens" && index === lastIndex;
      if (!cutOff)
        onEvent({ type: "tool_use_complete", index, block: block as ToolUseBlock, replayed: true });
    }
    onEvent({ type: "content_block_complete", index, block });
  }
}
