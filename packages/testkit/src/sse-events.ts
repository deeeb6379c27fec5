import type { ContentBlock, Message, TextBlock, ThinkingBlock, ToolUseBlock } from "@keel/wire";

export interface ChunkingOptions {
  /** Characters per text_delta / thinking_delta. */
  textChunkSize: number;
  /** Characters per input_json_delta. */
  jsonChunkSize: number;
  /** Start every tool input with an empty `partial_json`, as the real API often does. */
  emptyFirstJsonDelta: boolean;
}

/** One serialised SSE event; `kind` lets the writer place delays and faults without parsing it again. */
export interface SseEvent {
  text: string;
  kind: "delta" | "block-start" | "message-delta" | "other";
  /** The content block index for block events. */
  block: number;
}

/**
 * The exact event sequence of a streamed message: message_start (empty content, null stop_reason), then per
 * block content_block_start, its deltas and content_block_stop, with one ping after the first block start,
 * then message_delta (stop_reason, stop_sequence, output_tokens) and message_stop.
 */
export function messageEvents(
  message: Message,
  chunking: ChunkingOptions,
  partialInput?: { index: number; json: string },
): SseEvent[] {
  const { content, stop_reason, stop_sequence, usage } = message;
  const start = {
    ...message,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...usage, output_tokens: Math.min(1, usage.output_tokens) },
  };
  const events: SseEvent[] = [other("message_start", { type: "message_start", message: start })];
  if (content.length === 0) events.push(PING);
  for (const [index, block] of content.entries()) {
    const json = partialInput?.index === index ? partialInput.json : undefined;
    blockEvents(events, index, block, chunking, json);
  }
  const { context_management } = message as { context_management?: unknown };
  const iterations = (usage as { iterations?: unknown }).iterations;
  // BetaRawMessageDeltaEvent: context_management beside the delta; usage.iterations in the delta's usage.
  const delta = {
    type: "message_delta",
    delta: { stop_reason, stop_sequence },
    ...(context_management === undefined ? {} : { context_management }),
    usage: { output_tokens: usage.output_tokens, ...(iterations === undefined ? {} : { iterations }) },
  };
  events.push({ text: serialize("message_delta", delta), kind: "message-delta", block: -1 });
  events.push(other("message_stop", { type: "message_stop" }));
  return events;
}

function blockEvents(
  events: SseEvent[],
  index: number,
  block: ContentBlock,
  chunking: ChunkingOptions,
  partialJson: string | undefined,
): void {
  const startBlock = (contentBlock: unknown): void => {
    events.push({
      text: serialize("content_block_start", {
        type: "content_block_start",
        index,
        content_block: contentBlock,
      }),
      kind: "block-start",
      block: index,
    });
    if (index === 0) events.push(PING);
  };
  const delta = (deltaJson: string): void => {
    events.push({
      text: `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":${deltaJson}}\n\n`,
      kind: "delta",
      block: index,
    });
  };

  if (block.type === "text") {
    startBlock({ ...block, text: "" });
    for (const piece of chunks((block as TextBlock).text, chunking.textChunkSize)) {
      delta(`{"type":"text_delta","text":${JSON.stringify(piece)}}`);
    }
  } else if (block.type === "tool_use") {
    startBlock({ ...block, input: {} });
    const json = partialJson ?? JSON.stringify((block as ToolUseBlock).input);
    if (chunking.emptyFirstJsonDelta) delta(`{"type":"input_json_delta","partial_json":""}`);
    if (!(chunking.emptyFirstJsonDelta && json === "{}")) {
      for (const piece of chunks(json, chunking.jsonChunkSize)) {
        delta(`{"type":"input_json_delta","partial_json":${JSON.stringify(piece)}}`);
      }
    }
  } else if (block.type === "thinking") {
    const thinking = block as ThinkingBlock;
    startBlock({ ...thinking, thinking: "", signature: "" });
    for (const piece of chunks(thinking.thinking, chunking.textChunkSize)) {
      delta(`{"type":"thinking_delta","thinking":${JSON.stringify(piece)}}`);
    }
    delta(`{"type":"signature_delta","signature":${JSON.stringify(thinking.signature)}}`);
  } else if (block.type === "compaction") {
    // As the SDK's BetaMessageStream assembles it: content appended from compaction_delta, encrypted_content set.
    startBlock({ type: "compaction", content: null, encrypted_content: null });
    delta(
      JSON.stringify({
        type: "compaction_delta",
        content: block.content,
        encrypted_content: block.encrypted_content,
      }),
    );
  } else {
    startBlock(block);
  }
  events.push(other("content_block_stop", { type: "content_block_stop", index }, index));
}

/** Splits text into pieces of `size` UTF-16 units without separating a surrogate pair. */
export function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end = end - 1 > start ? end - 1 : end + 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** The SSE `error` event the API sends when a stream fails after it started. */
export function errorEvent(error: { type: string; message: string }): string {
  return serialize("error", { type: "error", error });
}

const PING: SseEvent = { text: 'event: ping\ndata: {"type":"ping"}\n\n', kind: "other", block: -1 };

function other(name: string, data: unknown, block = -1): SseEvent {
  return { text: serialize(name, data), kind: "other", block };
}

function serialize(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
