import { createHmac } from "node:crypto";
import type { AppliedContextEdit, Message } from "@keel/wire";
import type { ContextManagementEdit, RequestContentBlock } from "@keel/wire/internal";
import { cacheMarkerBytes, estimateTokens } from "./prompt-cache.js";
import type { MessagesRequest } from "./wire.js";

/** The API's defaults: compaction at 150,000 input tokens (`BetaCompact20260112Edit`), clearing at 100,000 keeping 3 tool uses (context-editing guide). */
const COMPACT_DEFAULT = 150_000;
const CLEAR_DEFAULT = 100_000;
const KEEP_DEFAULT = 3;
/** The fake's own placeholder for a cleared tool result (the real text is not documented). */
export const CLEARED_PLACEHOLDER = "[cleared to save context]";
const KEY = "keel-testkit-compaction";

export const signCompaction = (content: string): string =>
  `keel-fake-compaction:${createHmac("sha256", KEY).update(content).digest("base64url")}`;

export interface EditedRequest {
  /** What the model reads: content before the last compaction block dropped, edits applied. */
  readonly request: MessagesRequest;
  readonly bytes: number;
  /** Input tokens before any edit (count_tokens' `original_input_tokens`). */
  readonly originalTokens: number;
  readonly applied: AppliedContextEdit[];
  /** Set when the prompt passes the compaction trigger: the response starts with a compaction block. */
  readonly compact?: { readonly instructions: string | null; readonly pause: boolean };
}

/**
 * The request as the model reads it. Compaction guide: the API ignores every block before the last
 * compaction block of the history. Context-editing guide: tool results are cleared oldest first, the
 * last `keep` tool uses and `exclude_tools` kept, only when the prompt passes `trigger` and at least
 * `clear_at_least` tokens go; thinking of older assistant turns is cleared unless `keep: "all"`. The fake
 * is stateless, like the API: each request is edited from the full history it carries.
 */
export function editRequest(request: MessagesRequest, bodyBytes: number): EditedRequest {
  const edits = (request.context_management?.edits ?? []) as ContextManagementEdit[];
  // Prompt bytes: the body without its cache_control markers, which are not billed (cacheMarkerBytes).
  const originalTokens = estimateTokens(bodyBytes - cacheMarkerBytes(request));
  let messages = afterLastCompaction(request.messages);
  const applied: AppliedContextEdit[] = [];
  let compact: EditedRequest["compact"];
  for (const edit of edits) {
    if (edit.type === "clear_thinking_20251015" || edit.type === "clear_tool_uses_20250919") {
      const result =
        edit.type === "clear_thinking_20251015"
          ? clearThinking(messages, edit)
          : clearToolUses({ ...request, messages }, edit);
      messages = result.messages;
      if (result.applied !== undefined) applied.push(result.applied);
    } else if (edit.type === "compact_20260112") {
      const tokens = estimateTokens(promptBytes({ ...request, messages }));
      if (tokens > (edit.trigger?.value ?? COMPACT_DEFAULT)) {
        compact = { instructions: edit.instructions ?? null, pause: edit.pause_after_compaction === true };
      }
    }
  }
  const edited = messages === request.messages ? request : { ...request, messages };
  const bytes = edited === request ? bodyBytes - cacheMarkerBytes(request) : promptBytes(edited);
  return { request: edited, bytes, originalTokens, applied, ...(compact === undefined ? {} : { compact }) };
}

const byteLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const promptBytes = (request: MessagesRequest): number => byteLength(request) - cacheMarkerBytes(request);

function afterLastCompaction(messages: MessagesRequest["messages"]): MessagesRequest["messages"] {
  for (let index = messages.length - 1; index >= 0; index--) {
    const content = messages[index]!.content;
    if (typeof content === "string") continue;
    const at = content.findLastIndex((block) => block.type === "compaction" && block.content != null);
    if (at >= 0) return [{ ...messages[index]!, content: content.slice(at) }, ...messages.slice(index + 1)];
  }
  return messages;
}

/** The history after one clearing edit, and what the response reports of it (undefined: nothing cleared). */
interface Cleared {
  readonly messages: MessagesRequest["messages"];
  readonly applied?: AppliedContextEdit | undefined;
}

function clearThinking(
  messages: MessagesRequest["messages"],
  edit: Extract<ContextManagementEdit, { type: "clear_thinking_20251015" }>,
): Cleared {
  const keep =
    edit.keep === undefined
      ? 1
      : edit.keep === "all" || edit.keep.type === "all"
        ? Infinity
        : edit.keep.value;
  let seen = 0;
  let turns = 0;
  let tokens = 0;
  const out = messages.slice();
  for (let index = out.length - 1; index >= 0; index--) {
    const message = out[index]!;
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    if (!message.content.some((block) => block.type === "thinking" || block.type === "redacted_thinking"))
      continue;
    seen++;
    if (seen <= keep) continue;
    const kept = message.content.filter(
      (block) => block.type !== "thinking" && block.type !== "redacted_thinking",
    );
    tokens += estimateTokens(byteLength(message.content)) - estimateTokens(byteLength(kept));
    turns++;
    out[index] = { ...message, content: kept };
  }
  if (turns === 0) return { messages };
  return {
    messages: out,
    applied: { type: edit.type, cleared_input_tokens: tokens, cleared_thinking_turns: turns },
  };
}

function clearToolUses(
  request: MessagesRequest,
  edit: Extract<ContextManagementEdit, { type: "clear_tool_uses_20250919" }>,
): Cleared {
  const none = { messages: request.messages };
  const uses: Array<{ id: string; name: string }> = [];
  for (const message of request.messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content)
      if (block.type === "tool_use") uses.push({ id: block.id as string, name: block.name as string });
  }
  const trigger = edit.trigger ?? { type: "input_tokens", value: CLEAR_DEFAULT };
  const size = trigger.type === "tool_uses" ? uses.length : estimateTokens(promptBytes(request));
  if (size <= trigger.value) return none;
  const excluded = new Set(edit.exclude_tools ?? []);
  const kept = new Set(
    uses.slice(Math.max(0, uses.length - (edit.keep?.value ?? KEEP_DEFAULT))).map((use) => use.id),
  );
  const names = new Map(uses.map((use) => [use.id, use.name]));
  const cleared = new Set(
    uses.filter((use) => !kept.has(use.id) && !excluded.has(use.name)).map((use) => use.id),
  );
  const inputs = edit.clear_tool_inputs;
  const clearsInput = (name: string) => inputs === true || (Array.isArray(inputs) && inputs.includes(name));
  let tokens = 0;
  let count = 0;
  const messages = request.messages.map((message) => {
    if (typeof message.content === "string") return message;
    let changed = false;
    const content = message.content.map((block): RequestContentBlock => {
      if (
        block.type === "tool_result" &&
        cleared.has(block.tool_use_id as string) &&
        block.content !== CLEARED_PLACEHOLDER
      ) {
        changed = true;
        count++;
        tokens +=
          estimateTokens(byteLength(block.content ?? "")) - estimateTokens(byteLength(CLEARED_PLACEHOLDER));
        return { ...block, content: CLEARED_PLACEHOLDER } as RequestContentBlock;
      }
      if (
        block.type === "tool_use" &&
        cleared.has(block.id as string) &&
        clearsInput(names.get(block.id as string)!)
      ) {
        changed = true;
        tokens += estimateTokens(byteLength(block.input)) - 1;
        return { ...block, input: {} } as RequestContentBlock;
      }
      return block;
    });
    return changed ? { ...message, content } : message;
  });
  if (count === 0 || tokens < (edit.clear_at_least?.value ?? 0)) return none;
  return { messages, applied: { type: edit.type, cleared_input_tokens: tokens, cleared_tool_uses: count } };
}

/**
 * The response past the compaction trigger: a compaction block first (signed, so an altered one is
 * refused later), the scripted content after it — or alone, stop reason `compaction`, with
 * `pause_after_compaction`. Usage gets `iterations` (compaction guide): the compaction step read the whole
 * prompt; the message step reads the summary and the newest turn.
 */
export function withCompaction(message: Message, edited: EditedRequest): Message {
  const compact = edited.compact;
  if (compact === undefined) return message;
  const summarised = edited.request.messages.length;
  const base = `Summary of ${summarised} earlier messages${compact.instructions ? ` (${compact.instructions})` : ""}. `;
  const content =
    base +
    "The customer's facts and the tool results so far are kept in this summary. ".repeat(
      Math.max(1, Math.min(100, Math.floor(edited.bytes / 20 / 80))),
    );
  const block = { type: "compaction", content, encrypted_content: signCompaction(content) };
  const summaryTokens = estimateTokens(Buffer.byteLength(content));
  const last = edited.request.messages.at(-1);
  const messageInput =
    summaryTokens +
    estimateTokens(byteLength(last ?? "")) +
    estimateTokens(byteLength(edited.request.tools ?? []));
  const usage = message.usage;
  const compaction = {
    type: "compaction",
    input_tokens: usage.input_tokens,
    output_tokens: summaryTokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
  const outputTokens = compact.pause ? 0 : usage.output_tokens;
  const step = {
    type: "message",
    input_tokens: messageInput,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  return {
    ...message,
    content: compact.pause ? [block] : [block, ...message.content],
    stop_reason: compact.pause ? "compaction" : message.stop_reason,
    usage: {
      ...usage,
      input_tokens: messageInput,
      output_tokens: outputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      iterations: [compaction, step],
    },
  };
}

/** A compaction block the fake issued that came back altered (compaction guide: send it back verbatim). */
export function alteredCompaction(messages: MessagesRequest["messages"]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (typeof message.content === "string") continue;
    for (const [blockIndex, block] of message.content.entries()) {
      if (block.type !== "compaction") continue;
      const sealed = block.encrypted_content;
      if (typeof sealed !== "string" || !sealed.startsWith("keel-fake-compaction:")) continue;
      if (typeof block.content !== "string" || signCompaction(block.content) !== sealed) {
        return `messages.${index}.content.${blockIndex}: the compaction block was modified; send compaction blocks back exactly as received`;
      }
    }
  }
  return undefined;
}
