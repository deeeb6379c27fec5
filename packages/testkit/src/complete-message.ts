import { createId } from "./ids.js";
import { estimateTokens, type InputUsage } from "./prompt-cache.js";
import type { Message, MessageTemplate } from "./wire.js";

/**
 * Turns a scripted template into the message served for one request: the request's model, computed usage
 * (scripted usage fields win), an inferred stop_reason. Blocks are shared, not copied.
 */
export function completeMessage(template: MessageTemplate, model: string, inputUsage: InputUsage): Message {
  const content = template.content;
  const stopReason =
    template.stop_reason !== undefined
      ? template.stop_reason
      : content.some((block) => block.type === "tool_use")
        ? "tool_use"
        : "end_turn";
  const usage = {
    ...inputUsage,
    output_tokens: template.usage?.output_tokens ?? estimateTokens(JSON.stringify(content).length),
    ...template.usage,
  };
  const message: Message = {
    id: template.id ?? createId("msg"),
    type: "message",
    role: "assistant",
    model: template.model ?? model,
    content,
    stop_reason: stopReason,
    stop_sequence: template.stop_sequence ?? null,
    usage,
  };
  // Fields the fake does not know (stop_details, container, ...) are served as scripted.
  for (const key of Object.keys(template)) if (!(key in message)) message[key] = template[key];
  return message;
}

/** Why a handler's or script's value cannot be served, or undefined when it can. */
export function templateProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "expected a message object";
  const content = (value as { content?: unknown }).content;
  if (!Array.isArray(content)) return "the message has no `content` array";
  for (const [index, block] of content.entries()) {
    if (typeof block !== "object" || block === null || typeof block.type !== "string") {
      return `content[${index}] has no \`type\``;
    }
    if (block.type === "tool_use" && (typeof block.id !== "string" || typeof block.name !== "string")) {
      return `content[${index}] is a tool_use without \`id\` and \`name\` (use toolUseResponse or messageResponse)`;
    }
  }
  return undefined;
}
