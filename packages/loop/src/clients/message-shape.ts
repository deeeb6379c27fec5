import type { ContentBlock, Message, StopReason, Usage } from "../wire.js";

const STOP_REASONS: ReadonlySet<string> = new Set<StopReason>([
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "pause_turn",
  "refusal",
  "model_context_window_exceeded",
]);

/**
 * A Messages API response as a script or cassette may write it: a full Message, or only `content`
 * (and whichever other fields matter to the test). See `completeMessage` for what is filled.
 */
export interface ScriptedMessage {
  content: ContentBlock[];
  id?: string;
  type?: "message";
  role?: "assistant";
  model?: string;
  stop_reason?: StopReason | null;
  stop_sequence?: string | null;
  usage?: Partial<Usage>;
  stop_details?: unknown;
}

/**
 * The first problem that keeps `value` from being a (possibly partial) Message, as
 * "<where>.<json path>: what is wrong", or undefined when it is fine.
 */
export function findMessageProblem(value: unknown, where: string): string | undefined {
  if (!isRecord(value)) return `${where}: expected a Message object, got ${describe(value)}`;
  if (value.type !== undefined && value.type !== "message") {
    return `${where}.type: expected "message", got ${describe(value.type)}`;
  }
  if (value.role !== undefined && value.role !== "assistant") {
    return `${where}.role: expected "assistant", got ${describe(value.role)}`;
  }
  for (const key of ["id", "model"] as const) {
    if (value[key] !== undefined && typeof value[key] !== "string") {
      return `${where}.${key}: expected a string, got ${describe(value[key])}`;
    }
  }
  const stopReason = value.stop_reason;
  if (stopReason !== undefined && stopReason !== null && !STOP_REASONS.has(String(stopReason))) {
    return `${where}.stop_reason: expected one of ${[...STOP_REASONS].join(", ")} or null, got ${describe(stopReason)}`;
  }
  if (value.usage !== undefined) {
    if (!isRecord(value.usage)) return `${where}.usage: expected an object, got ${describe(value.usage)}`;
    for (const key of ["input_tokens", "output_tokens"] as const) {
      const tokens = value.usage[key];
      if (tokens !== undefined && typeof tokens !== "number") {
        return `${where}.usage.${key}: expected a number, got ${describe(tokens)}`;
      }
    }
  }
  if (!Array.isArray(value.content)) {
    return `${where}.content: expected an array of content blocks, got ${describe(value.content)}`;
  }
  for (const [index, block] of value.content.entries()) {
    const problem = findBlockProblem(block, `${where}.content[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

function findBlockProblem(block: unknown, where: string): string | undefined {
  if (!isRecord(block) || typeof block.type !== "string") {
    return `${where}: expected a content block with a string "type", got ${describe(block)}`;
  }
  if (block.type === "text" && typeof block.text !== "string") {
    return `${where}.text: a text block needs a string "text", got ${describe(block.text)}`;
  }
  if (block.type === "tool_use") {
    if (typeof block.name !== "string") {
      return `${where}.name: a tool_use block needs a string "name", got ${describe(block.name)}`;
    }
    if (block.id !== undefined && typeof block.id !== "string") {
      return `${where}.id: expected a string, got ${describe(block.id)}`;
    }
    if (!isRecord(block.input)) {
      return `${where}.input: a tool_use block needs an object "input" (use {} for no arguments), got ${describe(block.input)}`;
    }
  }
  return undefined;
}

/**
 * A full Message from a scripted one. Filled when missing: `id` (`msg_<label>_<n>`), `type`, `role`,
 * `model` (the request's), `stop_reason` (`tool_use` when a tool_use block is present, else `end_turn`),
 * `stop_sequence` (null), `usage` (zeros), and tool_use ids (`toolu_<label>_<n>_<block index>`).
 * The content is deep-copied, so a caller editing a response never edits the script.
 */
export function completeMessage(scripted: ScriptedMessage, model: string, label: string, n: number): Message {
  const content = structuredClone(scripted.content);
  for (const [index, block] of content.entries()) {
    if (block.type === "tool_use" && typeof block.id !== "string") block.id = `toolu_${label}_${n}_${index}`;
  }
  const hasToolUse = content.some((block) => block.type === "tool_use");
  const message: Message = {
    id: scripted.id ?? `msg_${label}_${n}`,
    type: "message",
    role: "assistant",
    model: scripted.model ?? model,
    content,
    stop_reason:
      scripted.stop_reason === undefined ? (hasToolUse ? "tool_use" : "end_turn") : scripted.stop_reason,
    stop_sequence: scripted.stop_sequence ?? null,
    usage: { input_tokens: 0, output_tokens: 0, ...scripted.usage },
  };
  if (scripted.stop_details !== undefined) message.stop_details = scripted.stop_details;
  return message;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A short rendering of a value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
