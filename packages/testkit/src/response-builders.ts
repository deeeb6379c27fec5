import type { ContentBlock, MessageTemplate, StopReason, ToolUseBlock, Usage } from "@keel/wire";
import { TestkitConfigError } from "./config-error.js";
import { createId } from "./ids.js";

/** Fields every builder accepts; anything left out is filled by the server per request. */
export interface ResponseOptions {
  id?: string | undefined;
  model?: string | undefined;
  stopReason?: StopReason | undefined;
  stopSequence?: string | null | undefined;
  usage?: Partial<Usage> | undefined;
}

export interface ToolCallSpec {
  name: string;
  input: Record<string, unknown>;
  /** Defaults to a fresh `toolu_01…` id. Give one when a later request must answer it. */
  id?: string | undefined;
}

/**
 * A response in the real JSON shape from a partial one: fills `id` (`msg_01…`), the ids of tool_use
 * blocks that lack one, `type`, `role`, `stop_sequence` and an inferred `stop_reason`.
 * `model` and `usage` stay unset unless given, so the server echoes the request's model and computes usage.
 */
export function messageResponse(message: MessageTemplate): MessageTemplate {
  if (!Array.isArray(message.content)) throw new TestkitConfigError("messageResponse needs a content array.");
  const content = message.content.map(completeBlock);
  const hasToolUse = content.some((block) => block.type === "tool_use");
  return {
    ...message,
    id: message.id ?? createId("msg"),
    type: "message",
    role: "assistant",
    content,
    stop_reason:
      message.stop_reason === undefined ? (hasToolUse ? "tool_use" : "end_turn") : message.stop_reason,
    stop_sequence: message.stop_sequence ?? null,
  };
}

/** A response with one text block; `stop_reason` defaults to `end_turn`. */
export function textResponse(text: string, options: ResponseOptions = {}): MessageTemplate {
  return messageResponse({ ...templateFields(options), content: [{ type: "text", text }] });
}

/**
 * A response asking for one or more tools, in order, after an optional text block; `stop_reason` defaults
 * to `tool_use`.
 */
export function toolUseResponse(
  calls: readonly ToolCallSpec[],
  options: ResponseOptions & { text?: string | undefined } = {},
): MessageTemplate {
  if (calls.length === 0) throw new TestkitConfigError("toolUseResponse needs at least one tool call.");
  const content: ContentBlock[] = [];
  if (options.text !== undefined) content.push({ type: "text", text: options.text });
  for (const call of calls) {
    const block: ToolUseBlock = {
      type: "tool_use",
      id: call.id ?? createId("toolu"),
      name: call.name,
      input: call.input,
    };
    content.push(block);
  }
  return messageResponse({ ...templateFields(options), content });
}

function templateFields(options: ResponseOptions): Omit<MessageTemplate, "content"> {
  const fields: Omit<MessageTemplate, "content"> = {};
  if (options.id !== undefined) fields.id = options.id;
  if (options.model !== undefined) fields.model = options.model;
  if (options.stopReason !== undefined) fields.stop_reason = options.stopReason;
  if (options.stopSequence !== undefined) fields.stop_sequence = options.stopSequence;
  if (options.usage !== undefined) fields.usage = options.usage;
  return fields;
}

function completeBlock(block: ContentBlock): ContentBlock {
  if (typeof block?.type !== "string") throw new TestkitConfigError("every content block needs a `type`.");
  if (block.type !== "tool_use") return block;
  const toolUse = block as Partial<ToolUseBlock>;
  if (typeof toolUse.name !== "string") throw new TestkitConfigError("a tool_use block needs a `name`.");
  return {
    ...toolUse,
    type: "tool_use",
    id: toolUse.id ?? createId("toolu"),
    name: toolUse.name,
    input: toolUse.input ?? {},
  };
}
