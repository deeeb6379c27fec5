import { setTimeout as delay } from "node:timers/promises";
import Anthropic, { type Middleware } from "@anthropic-ai/sdk";
import type { Message, MessageCreateRequest } from "../wire.js";
import { type ErrorContext, readRetryAfterMs, toModelClientError } from "./anthropic-error.js";
import { ListenerError, MessageAssembler, notify, type RawStreamEvent } from "./message-assembler.js";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions, ModelStreamEvent } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";

export interface AnthropicClientOptions {
  /** Defaults to ANTHROPIC_API_KEY. Without either, every request rejects with kind `authentication`. */
  readonly apiKey?: string;
  /** Defaults to ANTHROPIC_BASE_URL, then https://api.anthropic.com. */
  readonly baseURL?: string;
  /** The SDK's HTTP retries (429, 5xx, 529, connection errors; honours retry-after). Default 2. */
  readonly maxRetries?: number;
  /** Stream the response (default) or make one JSON request. */
  readonly stream?: boolean;
  /** Per HTTP attempt, until response headers arrive (the SDK's `timeout`). Default: the SDK's 10 minutes. */
  readonly timeoutMs?: number;
  readonly fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  readonly defaultHeaders?: Record<string, string>;
  /** Retries of a stream that fails mid-way (SSE overloaded_error, connection drop) before anything was forwarded. Default 2. */
  readonly streamRetries?: number;
  /** Waits between stream retries; injectable for tests. Rejects (or resolves early) when the signal aborts. */
  readonly sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source for stream retry backoff, in [0, 1). Default Math.random. */
  readonly random?: () => number;
}

const DEFAULT_BASE_URL = "https://api.anthropic.com";

type Listener = (event: ModelStreamEvent) => void;
interface SdkRequestOptions {
  signal?: AbortSignal | undefined;
  middleware?: Middleware[];
  timeout?: number;
}

/**
 * A ModelClient over the Anthropic Messages API through `@anthropic-ai/sdk` (the only module that imports it).
 * Streams by default and assembles the Message from raw events, forwarding `text_delta`, `tool_use_complete`
 * at each tool_use's own `content_block_stop`, and `content_block_complete`. HTTP failures are retried by
 * the SDK (a `retry` event is sent for each); a stream that fails mid-way with `overloaded_error` or a dropped
 * connection is retried here, with backoff, only while no event has been forwarded — otherwise the request
 * fails, so output is never shown twice. A `retry` event's `attempt` counts retries from 1.
 */
export class AnthropicClient implements ModelClient {
  readonly name = "anthropic";
  readonly #sdk: Anthropic | undefined;
  readonly #stream: boolean;
  readonly #streamRetries: number;
  readonly #sleep: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #context: ErrorContext;

  constructor(options: AnthropicClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env.ANTHROPIC_API_KEY;
    const baseURL = options.baseURL ?? process.env.ANTHROPIC_BASE_URL ?? DEFAULT_BASE_URL;
    const maxRetries = options.maxRetries ?? 2;
    this.#stream = options.stream ?? true;
    this.#streamRetries = options.streamRetries ?? 2;
    this.#sleep = options.sleep ?? ((milliseconds, signal) => delay(milliseconds, undefined, { signal }));
    this.#random = options.random ?? Math.random;
    this.#context = { baseURL, maxRetries, timeoutMs: options.timeoutMs };
    // Without a key the SDK would search credential files and profiles; Keel asks for the key instead.
    if (!apiKey) return;
    this.#sdk = new Anthropic({
      apiKey,
      baseURL,
      maxRetries,
      // Keel's trace records requests; the SDK's span plumbing costs time on every request even unused.
      openTelemetry: false,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.defaultHeaders === undefined ? {} : { defaultHeaders: options.defaultHeaders }),
    });
  }

  async create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    const { signal, onEvent } = options;
    if (signal?.aborted) throw abortedError(signal.reason);
    if (!this.#sdk) {
      throw new ModelClientError(
        "authentication",
        "No Anthropic API key: set ANTHROPIC_API_KEY or pass { apiKey } to AnthropicClient.",
      );
    }
    const requestOptions = {
      signal,
      // Observing the SDK's retries costs a few µs per request: only when someone listens and it may retry.
      ...(onEvent && this.#context.maxRetries > 0 ? { middleware: [this.#retryObserver(onEvent)] } : {}),
      // A non-streaming call without a timeout makes the SDK refuse large max_tokens; the API's limit applies.
      ...(this.#stream ? {} : { timeout: this.#context.timeoutMs ?? 600_000 }),
    };
    return this.#stream
      ? this.#createStreaming(this.#sdk, request, requestOptions, onEvent)
      : this.#createJson(this.#sdk, request, requestOptions, onEvent);
  }

  async #createJson(
    sdk: Anthropic,
    request: MessageCreateRequest,
    options: SdkRequestOptions,
    onEvent?: Listener,
  ) {
    let message: Message;
    try {
      const body = { ...request, stream: false } as Anthropic.MessageCreateParamsNonStreaming;
      message = (await sdk.messages.create(body, options)) as unknown as Message;
    } catch (thrown) {
      if (thrown instanceof ListenerError) throw thrown.error;
      throw this.#toError(thrown, options.signal);
    }
    emitMessageEvents(message, onEvent);
    return message;
  }

  async #createStreaming(
    sdk: Anthropic,
    request: MessageCreateRequest,
    options: SdkRequestOptions,
    onEvent?: Listener,
  ): Promise<Message> {
    const { signal } = options;
    const body = { ...request, stream: true } as Anthropic.MessageCreateParamsStreaming;
    for (let retry = 1; ; retry++) {
      const assembler = new MessageAssembler(onEvent);
      let streaming = false;
      try {
        const stream = await sdk.messages.create(body, options);
        streaming = true;
        for await (const event of stream) assembler.add(event as unknown as RawStreamEvent);
        // The SDK ends the iteration quietly when the signal aborts mid-stream.
        if (signal?.aborted) throw abortedError(signal.reason);
        return assembler.finish();
      } catch (thrown) {
        if (thrown instanceof ListenerError) throw thrown.error;
        const error = this.#toError(thrown, signal);
        // HTTP failures before the stream were already retried by the SDK.
        if (!streaming || !isRetryableMidStream(error)) throw error;
        if (assembler.forwarded) throw afterOutput(error);
        if (retry > this.#streamRetries) throw error;
        const delayMs = Math.min(500 * 2 ** (retry - 1), 8000) * (1 - 0.25 * this.#random());
        const reason = `stream failed before any output: ${error.message}`;
        onEvent?.({ type: "retry", attempt: retry, reason, delayMs });
        try {
          await this.#sleep(delayMs, signal);
        } catch (sleepError) {
          throw abortedError(sleepError);
        }
        if (signal?.aborted) throw abortedError(signal.reason);
      }
    }
  }

  #toError(thrown: unknown, signal: AbortSignal | undefined): ModelClientError {
    if (signal?.aborted && !ModelClientError.isInstance(thrown)) return abortedError(thrown);
    return toModelClientError(thrown, this.#context);
  }

  /**
   * Sends a `retry` event for each HTTP retry the SDK is about to make: the server's retry-after when given,
   * else the SDK's nominal backoff (it subtracts up to 25% jitter).
   */
  #retryObserver(onEvent: Listener): Middleware {
    const { maxRetries } = this.#context;
    return async (request, next) => {
      const retried = Number(request.headers.get("x-stainless-retry-count") ?? 0);
      const nominalDelayMs = Math.min(500 * 2 ** retried, 8000);
      let response: Response;
      try {
        response = await next(request);
      } catch (error) {
        if (retried < maxRetries && !request.signal?.aborted) {
          const reason = `connection failed: ${String(error)}`;
          notify(onEvent, { type: "retry", attempt: retried + 1, reason, delayMs: nominalDelayMs });
        }
        throw error;
      }
      if (!response.ok && retried < maxRetries && sdkRetries(response)) {
        const retryAfterMs = readRetryAfterMs(response.headers);
        const delayMs =
          retryAfterMs !== undefined && retryAfterMs <= 2 ** 31 - 1 ? retryAfterMs : nominalDelayMs;
        notify(onEvent, { type: "retry", attempt: retried + 1, reason: `HTTP ${response.status}`, delayMs });
      }
      return response;
    };
  }
}

/** The SDK's own retry rule for an HTTP response (client.ts `shouldRetry`). */
function sdkRetries(response: Response): boolean {
  const header = response.headers.get("x-should-retry");
  if (header === "true" || header === "false") return header === "true";
  return (
    response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500
  );
}

function isRetryableMidStream(error: ModelClientError): boolean {
  return error.kind === "overloaded" || error.kind === "connection";
}

function afterOutput(error: ModelClientError): ModelClientError {
  return new ModelClientError(
    error.kind,
    `${error.message} The stream had already forwarded output, so it was not retried (that would show it twice).`,
    {
      retryable: error.retryable,
      cause: error.cause,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    },
  );
}
