import type { ContentBlock, Message, MessageTemplate, StopReason, Usage } from "./messages.js";
import { isPlainObject } from "./plain-object.js";

const STOP_REASONS: readonly StopReason[] = [
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "pause_turn",
  "refusal",
  "model_context_window_exceeded",
];

/** What {@link completeMessage} fills where a template is silent. */
export interface MessageFill {
  /** The request's model. */
  readonly model: string;
  /** The response id. */
  readonly id: string;
  /** Usage; the template's own usage fields win. */
  readonly usage: Usage;
  /** The id of a `tool_use` block that has none (by the block's index in `content`). */
  readonly toolUseId: (blockIndex: number) => string;
}

/**
 * A full Message from a template: `type`, `role`, `model`, `id`, `usage`, tool_use ids, `stop_sequence`
 * (null) and `stop_reason` (`tool_use` when a tool_use block is present, else `end_turn`) are filled where
 * missing; other fields of the template (`stop_details`, `container`, ...) are kept. The template is never
 * edited: a block that needs an id is copied, the others are shared.
 */
export function completeMessage(template: MessageTemplate, fill: MessageFill): Message {
  const content: ContentBlock[] = template.content.map((block, index) =>
    block.type === "tool_use" && typeof block.id !== "string"
      ? { ...block, id: fill.toolUseId(index) }
      : block,
  );
  const hasToolUse = content.some((block) => block.type === "tool_use");
  const message: Message = {
    id: template.id ?? fill.id,
    type: "message",
    role: "assistant",
    model: template.model ?? fill.model,
    content,
    stop_reason:
      template.stop_reason === undefined ? (hasToolUse ? "tool_use" : "end_turn") : template.stop_reason,
    stop_sequence: template.stop_sequence ?? null,
    usage: { ...fill.usage, ...template.usage },
  };
  // Fields the template adds (stop_details, container, ...) follow the standard ones, as the API orders them.
  const extra = message as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(template)) if (!(key in extra)) extra[key] = value;
  return message;
}

/**
 * The first problem that keeps `value` from being a message template (a possibly partial Message), as
 * "<where>.<json path>: what is wrong", or undefined when it is fine. By default a stop reason must be one
 * this version knows and a tool_use's input an object, so a typo in a script is caught. With
 * `strict: false` any string stop reason and any input pass: a fake API serving a reason newer than this
 * list, or a hostile tool_use, tests that a loop meets what a model or a future API may send.
 */
export function findMessageProblem(
  value: unknown,
  where: string,
  options: { readonly strict?: boolean | undefined } = {},
): string | undefined {
  if (!isPlainObject(value)) return `${where}: expected a Message object, got ${describeValue(value)}`;
  if (value.type !== undefined && value.type !== "message") {
    return `${where}.type: expected "message", got ${describeValue(value.type)}`;
  }
  if (value.role !== undefined && value.role !== "assistant") {
    return `${where}.role: expected "assistant", got ${describeValue(value.role)}`;
  }
  for (const key of ["id", "model"] as const) {
    if (value[key] !== undefined && typeof value[key] !== "string") {
      return `${where}.${key}: expected a string, got ${describeValue(value[key])}`;
    }
  }
  const stopReason = value.stop_reason;
  const strict = options.strict ?? true;
  const known = strict ? STOP_REASONS.includes(stopReason as StopReason) : typeof stopReason === "string";
  if (stopReason !== undefined && stopReason !== null && !known) {
    return `${where}.stop_reason: expected one of ${STOP_REASONS.join(", ")} or null, got ${describeValue(stopReason)}`;
  }
  if (value.usage !== undefined) {
    if (!isPlainObject(value.usage))
      return `${where}.usage: expected an object, got ${describeValue(value.usage)}`;
    for (const key of ["input_tokens", "output_tokens"] as const) {
      const tokens = value.usage[key];
      if (tokens !== undefined && typeof tokens !== "number") {
        return `${where}.usage.${key}: expected a number, got ${describeValue(tokens)}`;
      }
    }
  }
  if (!Array.isArray(value.content)) {
    return `${where}.content: expected an array of content blocks, got ${describeValue(value.content)}`;
  }
  for (const [index, block] of value.content.entries()) {
    const problem = findBlockProblem(block, `${where}.content[${index}]`, strict);
    if (problem) return problem;
  }
  return undefined;
}

function findBlockProblem(block: unknown, where: string, strict: boolean): string | undefined {
  if (!isPlainObject(block) || typeof block.type !== "string") {
    return `${where}: expected a content block with a string "type", got ${describeValue(block)}`;
  }
  if (block.type === "text" && typeof block.text !== "string") {
    return `${where}.text: a text block needs a string "text", got ${describeValue(block.text)}`;
  }
  if (block.type === "tool_use") {
    if (typeof block.name !== "string") {
      return `${where}.name: a tool_use block needs a string "name", got ${describeValue(block.name)}`;
    }
    if (block.id !== undefined && typeof block.id !== "string") {
      return `${where}.id: expected a string, got ${describeValue(block.id)}`;
    }
    if (strict && !isPlainObject(block.input)) {
      return `${where}.input: a tool_use block needs an object "input" (use {} for no arguments), got ${describeValue(block.input)}`;
    }
  }
  return undefined;
}

/** A short rendering of a value for an error message (at most 80 characters). */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
