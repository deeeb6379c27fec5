import { setTimeout as delay } from "node:timers/promises";
import Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageCreateRequest } from "../wire.js";
import { type ErrorContext, toModelClientError } from "./anthropic-error.js";
import { ListenerError, MessageAssembler, type RawStreamEvent } from "./message-assembler.js";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";
import { requestBody } from "./request-json.js";
import { observingFetch, RetryObservation } from "./retry-observer.js";

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

type PostOptions = NonNullable<Awaited<Parameters<Anthropic["post"]>[1]>>;
interface SdkRequestOptions {
  signal?: AbortSignal | undefined;
  fetchOptions?: NonNullable<PostOptions["fetchOptions"]>;
  body: string;
  headers: Readonly<Record<string, string>>;
  stream: boolean;
}
const MESSAGES_PATH = "/v1/messages";
/** With a content-type, the SDK sends a string body verbatim. */
const JSON_HEADERS = { "content-type": "application/json" } as const;
const STREAM_MEMBER = { stream: true } as const;
const JSON_MEMBER = { stream: false } as const;

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
      fetch: observingFetch(options.fetch ?? ((input, init) => fetch(input, init)), maxRetries),
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
    // The body is the request's JSON, posted as is: runAgent's requests carry it (built from per-message
    // pieces serialised once), so the history is not re-serialised every round. `messages.create` would
    // add only the headers of fields Keel never sends (workspace and user profile ids, SDK helper tags).
    const requestOptions: SdkRequestOptions = {
      signal,
      body: requestBody(request, this.#stream ? STREAM_MEMBER : JSON_MEMBER),
      headers: JSON_HEADERS,
      // The client's timeout applies (posting skips `messages.create`'s refusal of large non-streaming max_tokens).
      stream: this.#stream,
    };
    // HTTP retries are reported through the client's fetch (see retry-observer.ts), not per-request middleware.
    const observation = onEvent === undefined ? undefined : new RetryObservation(onEvent);
    if (observation)
      requestOptions.fetchOptions = observation.fetchOptions as NonNullable<PostOptions["fetchOptions"]>;
    return this.#stream
      ? this.#createStreaming(this.#sdk, requestOptions, observation)
      : this.#createJson(this.#sdk, requestOptions, observation);
  }

  async #createJson(sdk: Anthropic, options: SdkRequestOptions, observation?: RetryObservation) {
    let message: Message;
    try {
      message = (await sdk.post(MESSAGES_PATH, options)) as Message;
    } catch (thrown) {
      if (observation?.thrown) throw observation.thrown.error;
      throw this.#toError(thrown, options.signal);
    }
    emitMessageEvents(message, observation?.onEvent);
    return message;
  }

  async #createStreaming(
    sdk: Anthropic,
    options: SdkRequestOptions,
    observation?: RetryObservation,
  ): Promise<Message> {
    const { signal } = options;
    const onEvent = observation?.onEvent;
    for (let retry = 1; ; retry++) {
      const assembler = new MessageAssembler(onEvent);
      let streaming = false;
      try {
        const stream = (await sdk.post(MESSAGES_PATH, options)) as AsyncIterable<unknown>;
        streaming = true;
        for await (const event of stream) assembler.add(event as RawStreamEvent);
        // The SDK ends the iteration quietly when the signal aborts mid-stream.
        if (signal?.aborted) throw abortedError(signal.reason);
        return assembler.finish();
      } catch (thrown) {
        if (thrown instanceof ListenerError) throw thrown.error;
        if (observation?.thrown) throw observation.thrown.error;
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
}

function isRetryableMidStream(error: ModelClientError): boolean {
  return error.kind === "overloaded" || error.kind === "connection";
}

function afterOutput(error: ModelClientError): ModelClientError {
  const { kind, message, ...fields } = error.toJSON();
  return new ModelClientError(
    kind,
    `${message} The stream had already forwarded output, so it was not retried (that would show it twice).`,
    { ...fields, cause: error.cause },
  );
}
