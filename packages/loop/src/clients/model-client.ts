import type {
  ContentBlock,
  Message,
  MessageCreateRequest,
  MessageTokensCount,
  ToolUseBlock,
  Usage,
} from "@keel/wire";

/** Live events a streaming client forwards while a response is being produced. */
export type ModelStreamEvent =
  | { type: "text_delta"; index: number; text: string }
  /**
   * A tool_use block whose input JSON is complete (its content_block_stop arrived). `replayed`: the whole
   * message had already arrived (a client that does not stream, replaying it as events): nothing is left
   * to overlap, so runAgent starts no read early for it and runs the turn's calls when it settles.
   */
  | { type: "tool_use_complete"; index: number; block: ToolUseBlock; replayed?: true }
  | { type: "content_block_complete"; index: number; block: ContentBlock }
  /**
   * What the API has billed this attempt so far (sent at `message_start`: input and cache tokens). Not output:
   * a retry may follow. The run counts it under `usage.failed_attempts` if the attempt then fails or is aborted.
   */
  | { type: "usage"; usage: Usage }
  /** The client is about to retry a failed request (HTTP error, no response, or a stream that failed early). */
  | {
      type: "retry";
      attempt: number;
      reason: string;
      delayMs: number;
      /** What the failed attempt reported before it failed (its input was processed and is billed). */
      usage?: Usage | undefined;
    };

export interface ModelRequestOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onEvent?: ((event: ModelStreamEvent) => void) | undefined;
  /**
   * Whether `onEvent` shows what it receives to someone (default true). `false` for a listener that only
   * records (usage, a trace, eager tool starts): a stream that fails part-way may then be retried even after
   * events reached it, because nothing would be shown twice.
   */
  readonly displays?: boolean | undefined;
}

/**
 * One interface for every model source (scripted, Anthropic SDK, record/replay, plan function).
 * `create` takes a plain request and resolves with a complete Message or rejects with a ModelClientError.
 * A client that retries reports each retry as a `retry` event. runAgent passes a signal only when the run
 * can be aborted (its caller gave one), and never changes a request or its messages after passing them.
 */
export interface ModelClient {
  /** Human-readable name for traces and banners, e.g. "anthropic" or "scripted". */
  readonly name: string;
  create(request: MessageCreateRequest, options?: ModelRequestOptions): Promise<Message>;
  /**
   * Optional: `create`, for a caller that already holds `json` = `JSON.stringify(request)` (runAgent builds
   * it from each message's JSON, made once when the message joined the history), so a client that sends
   * JSON can post that text instead of serialising the whole history again each round. It must behave
   * exactly as `create(request, options)`; a client without it gets `create`.
   */
  createSerialized?(
    request: MessageCreateRequest,
    json: string,
    options?: ModelRequestOptions,
  ): Promise<Message>;
  /**
   * Optional: the input tokens `request` would use (`POST /v1/messages/count_tokens`), after its
   * `context_management` edits. `runAgent` asks before a request near `context.maxInputTokens`; without it
   * the budget is checked on an estimate.
   */
  countTokens?(
    request: MessageCreateRequest,
    options?: Pick<ModelRequestOptions, "signal">,
  ): Promise<MessageTokensCount>;
}
