import type { ContentBlock, Message, MessageCreateRequest, ToolUseBlock } from "../wire.js";

/** Live events a streaming client forwards while a response is being produced. */
export type ModelStreamEvent =
  | { type: "text_delta"; index: number; text: string }
  /** A tool_use block whose input JSON is complete (its content_block_stop arrived). */
  | { type: "tool_use_complete"; index: number; block: ToolUseBlock }
  | { type: "content_block_complete"; index: number; block: ContentBlock }
  /** The client is retrying a failed request (HTTP or mid-stream overload). */
  | { type: "retry"; attempt: number; reason: string; delayMs: number };

export interface ModelRequestOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ModelStreamEvent) => void;
}

/**
 * One interface for every model source (scripted, Anthropic SDK, record/replay, plan function).
 * `create` resolves with a complete Message or rejects with a ModelClientError. A request from runAgent is
 * frozen (it carries its own JSON, which the AnthropicClient sends), so a wrapping client that changes a
 * request passes on a copy. runAgent passes a signal only when the run can
 * be aborted (its caller gave one).
 */
export interface ModelClient {
  /** Human-readable name for traces and banners, e.g. "anthropic" or "scripted". */
  readonly name: string;
  create(request: MessageCreateRequest, options?: ModelRequestOptions): Promise<Message>;
}
