import { isRecord } from "@keel/wire/internal";
import { alteredThinking } from "./thinking-signatures.js";
import type { MessagesRequest } from "./wire.js";

export type ValidationResult =
  | { ok: true; request: MessagesRequest; cacheBreakpoints: number }
  | { ok: false; message: string };

const MAX_CACHE_BREAKPOINTS = 4;

type Block = Record<string, unknown>;

/**
 * Checks a `POST /v1/messages` body the way the real API does, in one pass over the history.
 * Messages mimic the API's wording so tests read like production logs.
 */
export function validateRequest(body: unknown): ValidationResult {
  if (!isRecord(body)) return fail("Request body must be a JSON object.");
  if (typeof body.model !== "string" || body.model === "") return fail("model: Field required");
  if (body.max_tokens === undefined) return fail("max_tokens: Field required");
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) {
    return fail("max_tokens: Input should be an integer greater than or equal to 1");
  }
  if (body.messages === undefined) return fail("messages: Field required");
  if (!Array.isArray(body.messages)) return fail("messages: Input should be a valid list");
  if (body.messages.length === 0) return fail("messages: at least one message is required");

  let cacheBreakpoints = 0;
  const toolNames = new Set<string>();
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return fail("tools: Input should be a valid list");
    for (const [index, tool] of body.tools.entries()) {
      if (!isRecord(tool) || typeof tool.name !== "string")
        return fail(`tools.${index}.name: Field required`);
      if (toolNames.has(tool.name)) return fail(`tools: Tool names must be unique. Duplicate: ${tool.name}`);
      // @anthropic-ai/sdk's MemoryTool20250818 types the name as the literal 'memory'; the wording is the fake's.
      if (tool.type === "memory_20250818" && tool.name !== "memory")
        return fail(`tools.${index}.name: Input should be 'memory' for a memory_20250818 tool`);
      toolNames.add(tool.name);
      if (tool.cache_control !== undefined) cacheBreakpoints++;
    }
  }

  if (body.system !== undefined && typeof body.system !== "string") {
    if (!Array.isArray(body.system))
      return fail("system: Input should be a valid string or list of text blocks");
    for (const [index, block] of body.system.entries()) {
      if (!isRecord(block) || block.type !== "text" || typeof block.text !== "string") {
        return fail(`system.${index}: Input should be a text block`);
      }
      if (block.text === "") return fail(`system.${index}.text: text content blocks must be non-empty`);
      if (block.cache_control !== undefined) cacheBreakpoints++;
    }
  }

  const choiceError = checkToolChoice(body.tool_choice, toolNames, body.tools !== undefined);
  if (choiceError) return fail(choiceError);
  const thinkingError = checkThinking(body.thinking, body.max_tokens as number, body.tool_choice);
  if (thinkingError) return fail(thinkingError);

  const thinkingOn = isRecord(body.thinking) && body.thinking.type !== "disabled";
  const historyCheck = checkHistory(body.messages, thinkingOn);
  if (typeof historyCheck === "string") return fail(historyCheck);
  cacheBreakpoints += historyCheck;

  if (cacheBreakpoints > MAX_CACHE_BREAKPOINTS) {
    return fail(
      `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${cacheBreakpoints}.`,
    );
  }
  return { ok: true, request: body as MessagesRequest, cacheBreakpoints };
}

function checkToolChoice(choice: unknown, toolNames: Set<string>, hasTools: boolean): string | undefined {
  if (choice === undefined) return undefined;
  if (!isRecord(choice) || !["auto", "any", "tool", "none"].includes(choice.type as string)) {
    return "tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'";
  }
  if ((choice.type === "any" || choice.type === "tool") && !hasTools) {
    return "tool_choice: tool_choice may only be specified while providing tools.";
  }
  if (choice.type === "tool" && !toolNames.has(choice.name as string)) {
    return `tool_choice.name: Tool '${String(choice.name)}' not found in provided tools`;
  }
  return undefined;
}

/**
 * Thinking: `budget_tokens` at least 1,024 and below `max_tokens` (the SDK's `ThinkingConfigEnabled` doc:
 * "Must be ≥1024 and less than `max_tokens`"), and no forced tool use while thinking is on (the
 * extended-thinking guide: only `tool_choice` `auto` and `none` are supported with thinking).
 */
function checkThinking(thinking: unknown, maxTokens: number, choice: unknown): string | undefined {
  if (thinking === undefined) return undefined;
  const types = ["enabled", "disabled", "adaptive", "between_tools"];
  if (!isRecord(thinking) || !types.includes(thinking.type as string)) {
    return "thinking.type: Input should be 'enabled', 'disabled', 'adaptive' or 'between_tools'";
  }
  if (thinking.type === "disabled") return undefined;
  if (isRecord(choice) && (choice.type === "any" || choice.type === "tool")) {
    return "Thinking may not be enabled when tool_choice forces tool use.";
  }
  if (thinking.type !== "enabled") return undefined;
  const budget = thinking.budget_tokens;
  if (!Number.isInteger(budget) || (budget as number) < 1024) {
    return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024";
  }
  if (maxTokens <= (budget as number)) {
    return "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size";
  }
  return undefined;
}

/**
 * Consecutive messages of one role form one turn: the API combines them ("consecutive user or assistant
 * turns in your request will be combined into a single turn", Messages API reference), so the tool_use /
 * tool_result adjacency rules apply to turns, not to messages.
 */
interface Turn {
  readonly role: unknown;
  readonly index: number;
  readonly content: unknown;
}

function turnsOf(messages: unknown[]): Turn[] | string {
  const turns: Turn[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return `messages.${index}: Input should be an object`;
    const previous = turns.at(-1);
    if (previous === undefined || previous.role !== message.role) {
      turns.push({ role: message.role, index, content: message.content });
      continue;
    }
    const asBlocks = (content: unknown) =>
      typeof content === "string" ? [{ type: "text", text: content }] : content;
    const merged = [previous.content, message.content].map(asBlocks);
    if (!merged.every(Array.isArray))
      return `messages.${index}.content: Input should be a valid string or list`;
    turns[turns.length - 1] = { ...previous, content: (merged as unknown[][]).flat() };
  }
  return turns;
}

/** Returns the number of cache breakpoints in the messages, or the first error found. */
function checkHistory(messages: unknown[], thinkingOn: boolean): number | string {
  const turns = turnsOf(messages);
  if (typeof turns === "string") return turns;
  if (thinkingOn) {
    const problem = openLoopWithoutThinking(turns);
    if (problem !== undefined) return problem;
  }
  return checkTurns(turns, messages.length);
}

/**
 * With thinking on, the assistant turn whose tool calls the final user turn answers (an open tool loop)
 * must start with its thinking block (extended-thinking guide, "Preserving thinking blocks": during tool
 * use, pass the last assistant message's thinking blocks back; the API answers the error below otherwise).
 */
function openLoopWithoutThinking(turns: readonly Turn[]): string | undefined {
  const last = turns.at(-1);
  const assistant = turns.at(-2);
  if (last?.role !== "user" || assistant?.role !== "assistant" || !Array.isArray(assistant.content))
    return undefined;
  const answersTools =
    Array.isArray(last.content) &&
    last.content.some((block) => isRecord(block) && block.type === "tool_result");
  if (!answersTools) return undefined;
  // A compaction block leads the turn that followed a compaction; the thinking block comes after it.
  const first = assistant.content.find((block) => !isRecord(block) || block.type !== "compaction");
  const type = isRecord(first) ? first.type : undefined;
  if (type === "thinking" || type === "redacted_thinking") return undefined;
  return (
    `messages.${assistant.index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(type)}\`. ` +
    "When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the " +
    "lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from " +
    "previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at " +
    "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
  );
}

function checkTurns(turns: readonly Turn[], messageCount: number): number | string {
  let breakpoints = 0;
  const seenToolUseIds = new Set<string>();
  // Ids the previous assistant turn asked for; the next user turn must answer all of them.
  let pendingToolUseIds: Set<string> | undefined;
  for (const { role, index, content } of turns) {
    if (role !== "user" && role !== "assistant")
      return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    if (index === 0 && role !== "user") return `messages.0: first message must use the "user" role`;
    const isFinalAssistant = role === "assistant" && turns.at(-1)?.index === index;
    if (content === undefined) return `messages.${index}.content: Field required`;
    if (typeof content === "string") {
      if (content === "" && !isFinalAssistant) return emptyContent(index);
      if (pendingToolUseIds) return missingToolResults(index, pendingToolUseIds);
      continue;
    }
    if (!Array.isArray(content)) return `messages.${index}.content: Input should be a valid string or list`;
    if (content.length === 0 && !isFinalAssistant) return emptyContent(index);

    const answered = new Set<string>();
    const requested = new Set<string>();
    for (const [blockIndex, block] of content.entries()) {
      const path = `messages.${index}.content.${blockIndex}`;
      if (!isRecord(block) || typeof block.type !== "string") return `${path}.type: Field required`;
      if (block.type === "text" && block.text === "") {
        return `${path}.text: text content blocks must be non-empty`;
      }
      if (block.cache_control !== undefined) breakpoints++;
      breakpoints += nestedBreakpoints(block);
      if (block.type === "thinking") {
        if (typeof block.signature !== "string") return `${path}.signature: Field required`;
        if (alteredThinking(block.thinking, block.signature))
          return `${path}: Invalid \`signature\` in \`thinking\` block`;
      }
      // Tool-use guide: in the user turn that answers tool calls, tool_result blocks come first; text after.
      if (
        block.type === "tool_result" &&
        content.slice(0, blockIndex).some((earlier) => isRecord(earlier) && earlier.type !== "tool_result")
      ) {
        return `${path}: \`tool_result\` blocks must come first in the user message that answers \`tool_use\` blocks; put any other content after them`;
      }
      if (block.type === "tool_use") {
        if (role !== "assistant") return `${path}: \`tool_use\` blocks may only appear in assistant messages`;
        const id = block.id as string;
        if (seenToolUseIds.has(id)) return `${path}: \`tool_use\` ids must be unique`;
        seenToolUseIds.add(id);
        requested.add(id);
      } else if (block.type === "tool_result") {
        if (role !== "user") return `${path}: \`tool_result\` blocks may only appear in user messages`;
        const id = block.tool_use_id as string;
        if (!pendingToolUseIds?.has(id)) {
          return `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
        if (answered.has(id))
          return `${path}: each \`tool_use\` id must have a single \`tool_result\` block: ${id}`;
        answered.add(id);
      }
    }
    if (pendingToolUseIds) {
      const missing = [...pendingToolUseIds].filter((id) => !answered.has(id));
      if (missing.length > 0) return missingToolResults(index, new Set(missing));
    }
    pendingToolUseIds = requested.size > 0 ? requested : undefined;
  }
  if (pendingToolUseIds) return missingToolResults(messageCount - 1, pendingToolUseIds);
  return breakpoints;
}

/** cache_control inside a tool_result's content blocks counts toward the limit too. */
function nestedBreakpoints(block: Block): number {
  if (block.type !== "tool_result" || !Array.isArray(block.content)) return 0;
  let count = 0;
  for (const inner of block.content) if (isRecord(inner) && inner.cache_control !== undefined) count++;
  return count;
}

function missingToolResults(index: number, ids: Set<string>): string {
  return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...ids].join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

function emptyContent(index: number): string {
  return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
}

function fail(message: string): ValidationResult {
  return { ok: false, message };
}
