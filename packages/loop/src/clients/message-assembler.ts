import { isRecord } from "@keel/errors/internal";
import type { ContentBlock, Message, ToolUseBlock } from "@keel/wire";
import type { ModelStreamEvent } from "./model-client.js";
import { ModelClientError } from "./model-client-error.js";

/** A raw Messages API stream event (`message_start`, `content_block_delta`, ...), as parsed from SSE. */
export interface RawStreamEvent {
  type: string;
  [key: string]: unknown;
}

interface RawDelta {
  type: string;
  text?: string;
  partial_json?: string;
  thinking?: string;
  signature?: string;
  citation?: unknown;
  content?: string | null;
  encrypted_content?: string | null;
}

/** Thrown in place of an exception from the caller's onEvent, so it is never mistaken for a stream failure. */
export class ListenerError extends Error {
  constructor(readonly error: unknown) {
    super("onEvent threw");
  }
}

/**
 * Builds the final Message from raw stream events, mutating one message in place (no per-delta copies),
 * and forwards ModelStreamEvents as blocks progress. Tool input JSON is buffered per block and parsed
 * once, at its `content_block_stop`: empty input becomes `{}`; input that does not parse (a tool_use
 * cut off by max_tokens) is kept as the raw string and gets no `tool_use_complete`.
 */
export class MessageAssembler {
  /** True once any event reached a listener that displays it: from then on a retry would show output twice. */
  forwarded = false;
  readonly #onEvent: ((event: ModelStreamEvent) => void) | undefined;
  readonly #displays: boolean;
  #message: Message | undefined;
  #stopped = false;
  readonly #json: Array<string | undefined> = [];

  constructor(onEvent: ((event: ModelStreamEvent) => void) | undefined, displays = true) {
    this.#onEvent = onEvent;
    this.#displays = displays;
  }

  /** What the response reported so far (from message_start on): billed even if the stream fails later. */
  get usage(): Message["usage"] | undefined {
    return this.#message?.usage;
  }

  add(event: RawStreamEvent): void {
    switch (event.type) {
      case "message_start":
        this.#message = event.message as Message;
        // Billing, not output: it does not count as forwarded (a retry after it shows nothing twice).
        if (this.#onEvent) notify(this.#onEvent, { type: "usage", usage: { ...this.#message.usage } });
        return;
      case "content_block_start":
        this.#blocks()[event.index as number] = event.content_block as ContentBlock;
        return;
      case "content_block_delta":
        this.#delta(event.index as number, event.delta as RawDelta);
        return;
      case "content_block_stop":
        this.#stop(event.index as number);
        return;
      case "message_delta":
        this.#messageDelta(event);
        return;
      case "message_stop":
        this.#stopped = true;
        return;
      default:
        return; // ping and event types this version does not know
    }
  }

  /** The assembled Message; rejects a stream that ended early or never started. */
  finish(): Message {
    if (!this.#message) {
      throw new ModelClientError(
        "invalid_response",
        "The response stream ended before its message_start event.",
      );
    }
    if (!this.#stopped) {
      throw new ModelClientError(
        "connection",
        "The response stream ended before message_stop: the connection closed mid-response.",
      );
    }
    return this.#message;
  }

  #blocks(): ContentBlock[] {
    if (!this.#message) {
      throw new ModelClientError(
        "invalid_response",
        "The response stream sent a content block before message_start.",
      );
    }
    return this.#message.content;
  }

  #block(index: number): Record<string, unknown> {
    const block = this.#blocks()[index];
    if (!block) {
      throw new ModelClientError(
        "invalid_response",
        `The response stream sent an event for content block ${index} before its content_block_start.`,
      );
    }
    return block as Record<string, unknown>;
  }

  #delta(index: number, delta: RawDelta): void {
    const block = this.#block(index);
    switch (delta.type) {
      case "text_delta":
        block.text = (block.text as string) + delta.text;
        this.#emit({ type: "text_delta", index, text: delta.text as string });
        return;
      case "input_json_delta":
        this.#json[index] = (this.#json[index] ?? "") + delta.partial_json;
        return;
      case "thinking_delta":
        block.thinking = ((block.thinking as string | undefined) ?? "") + delta.thinking;
        return;
      case "signature_delta":
        block.signature = delta.signature;
        return;
      case "citations_delta":
        block.citations = [...((block.citations as unknown[] | undefined) ?? []), delta.citation];
        return;
      case "compaction_delta":
        // As the SDK's BetaMessageStream assembles it: content appended, encrypted_content replaced.
        if (typeof delta.content === "string")
          block.content = ((block.content as string | null) ?? "") + delta.content;
        if (delta.encrypted_content !== undefined) block.encrypted_content = delta.encrypted_content;
        return;
      default:
        return;
    }
  }

  #stop(index: number): void {
    const block = this.#block(index);
    const json = this.#json[index];
    let complete = true;
    if (json !== undefined && json !== "") {
      try {
        block.input = JSON.parse(json);
      } catch {
        block.input = json;
        complete = false;
      }
    }
    if (!this.#onEvent) return;
    if (block.type === "tool_use" && complete && isRecord(block.input)) {
      this.#emit({ type: "tool_use_complete", index, block: block as unknown as ToolUseBlock });
    }
    this.#emit({ type: "content_block_complete", index, block: block as ContentBlock });
  }

  #messageDelta(event: RawStreamEvent): void {
    const message = this.#message as unknown as Record<string, unknown> | undefined;
    if (!message) {
      throw new ModelClientError(
        "invalid_response",
        "The response stream sent message_delta before message_start.",
      );
    }
    Object.assign(message, event.delta);
    // The edits the API applied arrive beside the delta, not in it.
    if (event.context_management !== undefined) message.context_management = event.context_management;
    // Usage counters in message_delta are cumulative totals: overwrite when present, never add.
    const usage = message.usage as Record<string, unknown>;
    for (const [key, value] of Object.entries((event.usage as Record<string, unknown> | undefined) ?? {})) {
      if (value !== null && value !== undefined) usage[key] = value;
    }
  }

  #emit(event: ModelStreamEvent): void {
    if (!this.#onEvent) return;
    if (this.#displays) this.forwarded = true;
    notify(this.#onEvent, event);
  }
}

/** Calls the caller's listener; what it throws comes back wrapped in a ListenerError. */
export function notify(onEvent: (event: ModelStreamEvent) => void, event: ModelStreamEvent): void {
  try {
    onEvent(event);
  } catch (error) {
    throw new ListenerError(error);
  }
}
