import type { ContentBlock, Message, ToolUseBlock } from "@keel/wire";
import type { MaxTokensFault } from "./faults.js";

export interface Cutoff {
  message: Message;
  /** The truncated input JSON streamed for the cut tool_use block (the JSON body holds the parsed part). */
  partialInput?: { index: number; json: string };
}

/**
 * The message as it would look had generation hit `max_tokens`: the last tool_use block (else the last text
 * block) is cut, later blocks are dropped. In a JSON body the cut tool_use keeps only the input properties
 * complete before the cut; a stream sends the raw truncated JSON, which never parses as a whole.
 */
export function cutOffAtMaxTokens(message: Message, maxTokens: number, fault: MaxTokensFault): Cutoff {
  const blocks = message.content;
  let target = blocks.findLastIndex((block) => block.type === "tool_use");
  if (target === -1) target = blocks.findLastIndex((block) => block.type === "text");
  const content = target === -1 ? blocks.slice() : blocks.slice(0, target + 1);
  const cut: Message = {
    ...message,
    content,
    stop_reason: "max_tokens",
    stop_sequence: null,
    usage: { ...message.usage, output_tokens: maxTokens },
  };
  const block = content[target];
  if (block?.type === "tool_use") {
    const toolUse = block as ToolUseBlock;
    const full = JSON.stringify(toolUse.input);
    const kept = Math.min(Math.max(fault.inputChars ?? Math.floor(full.length / 2), 1), full.length - 1);
    content[target] = { ...toolUse, input: completeEntries(toolUse.input as Record<string, unknown>, kept) };
    return { message: cut, partialInput: { index: target, json: full.slice(0, kept) } };
  }
  if (block?.type === "text") {
    const text = (block as { text: string }).text;
    content[target] = { ...block, text: text.slice(0, Math.ceil(text.length / 2)) } as ContentBlock;
  }
  return { message: cut };
}

/** The input properties whose JSON ends within the first `kept` characters of the serialised input. */
function completeEntries(input: Record<string, unknown>, kept: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let length = 1;
  for (const [key, value] of Object.entries(input)) {
    const serialized = JSON.stringify(value);
    if (serialized === undefined) continue;
    length += (length === 1 ? 0 : 1) + JSON.stringify(key).length + 1 + serialized.length;
    if (length > kept) break;
    result[key] = value;
  }
  return result;
}
