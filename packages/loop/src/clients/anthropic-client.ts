import { setTimeout as delay } from "node:timers/promises";
import type Anthropic from "@anthropic-ai/sdk";
import type { ClientOptions as SdkClientOptions } from "@anthropic-ai/sdk";
import { type RetryDelayPolicy, retryDelay } from "@keel/errors/internal";
import type { Message, MessageCreateRequest, MessageTokensCount } from "@keel/wire";
import type { RetryOptions } from "../retry-options.js";
import { toModelClientError } from "./anthropic-error.js";
import { ListenerError, MessageAssembler, type RawStreamEvent } from "./message-assembler.js";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions, ModelStreamEvent } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";
import { type FailurePhase, retryAdvice } from "./retry-advice.js";

/**
 * An `@anthropic-ai/sdk` client of your own making: `new Anthropic({...})` with your auth, proxy or headers,
 * or a cloud provider's (`AnthropicBedrock`, `AnthropicVertex`, `AnthropicFoundry`), which share its
 * `messages.create`. Keel calls `messages.create` with the request as an object (so a provider client
 * routes it its own way) and `maxRetries: 0` (Keel's loop owns the retries).
 */
export interface AnthropicSdkClient {
  readonly messages: {
    // `never` parameters: any client's own typed `create` fits; Keel passes a Messages API body.
    create(body: never, options: never): PromiseLike<unknown>;
  };
}

export interface AnthropicClientOptions {
  /**
   * Your own SDK client (see AnthropicSdkClient); `apiKey`, `baseURL`, `timeoutMs`, `fetch` and
   * `defaultHeaders` are then that client's business and not used here.
   */
  readonly client?: AnthropicSdkClient | undefined;
  /** Defaults to ANTHROPIC_API_KEY. Without either, every request rejects with kind `authentication`. */
  readonly apiKey?: string | undefined;
  /** Defaults to ANTHROPIC_BASE_URL, then https://api.anthropic.com. */
  readonly baseURL?: string | undefined;
  /**
   * Retries of one `create`, one budget for every failure: an HTTP error the API allows to retry (408, 409,
   * 429, 5xx, 529, or `x-should-retry: true`), no response at all, and a stream that fails before any output.
   * Default `{ maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 60_000 }`: at most 3 HTTP requests per
   * `create`. `maxDelayMs` is also the longest `retry-after` worth waiting for: a longer one ends the request
   * at once, its `retryAfterMs` set.
   */
  readonly retry?: RetryOptions | undefined;
  /** @deprecated Use `retry: { maxAttempts: maxRetries + 1 }`; removed in the next minor. */
  readonly maxRetries?: number | undefined;
  /** @deprecated Use `retry: { maxDelayMs }`; removed in the next minor. */
  readonly maxRetryDelayMs?: number | undefined;
  /** Stream the response (default) or make one JSON request. */
  readonly stream?: boolean | undefined;
  /** Per HTTP attempt, until response headers arrive (the SDK's `timeout`). Default: the SDK's 10 minutes. */
  readonly timeoutMs?: number | undefined;
  readonly fetch?: ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) | undefined;
  readonly defaultHeaders?: Record<string, string> | undefined;
  /** Waits between retries; injectable for tests. Rejects (or resolves early) when the signal aborts. */
  readonly sleep?: ((milliseconds: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Jitter source for the retry backoff, in [0, 1). Default Math.random. */
  readonly random?: (() => number) | undefined;
}

const DEFAULT_BASE_URL = "https://api.anthropic.com";
const BASE_DELAY_MS = 500;

const MESSAGES_PATH = "/v1/messages";
const COUNT_TOKENS_PATH = "/v1/messages/count_tokens";
/** The fields `count_tokens` takes of a Messages request (`MessageCountTokensParams`, beta: + context_management). */
const COUNTED_FIELDS = [
  "model",
  "messages",
  "system",
  "tools",
  "tool_choice",
  "thinking",
  "context_management",
];
/** With a content-type, the SDK sends a string body verbatim. */
const JSON_HEADERS = { "content-type": "application/json" } as const;

/** One failed attempt: what was thrown, and how far the attempt got. */
class FailedAttempt {
  constructor(
    readonly thrown: unknown,
    readonly phase: FailurePhase,
    /** What the response reported before it failed (a stream that started): billed all the same. */
    readonly usage?: Message["usage"],
  ) {}
}

/**
 * A ModelClient over the Anthropic Messages API through `@anthropic-ai/sdk` (the only module that imports it).
 * Streams by default and assembles the Message from raw events, forwarding `text_delta`, `tool_use_complete`
 * at each tool_use's own `content_block_stop`, and `content_block_complete`.
 *
 * This client owns the retries: the SDK is built with `maxRetries: 0`, and one loop here spends one budget
 * (`maxRetries`) on HTTP errors, connection failures and a stream that fails before any output alike,
 * honouring the API's `retry-after`/`retry-after-ms` and `x-should-retry` headers; the backoff is
 * @keel/errors' `retryDelay`. Each retry is announced by a `retry` event (`attempt` counts from 1) before the
 * wait. A stream that fails after output was forwarded is not retried, so output is never shown twice.
 */
export class AnthropicClient implements ModelClient {
  readonly name = "anthropic";
  /** The SDK's options when Keel builds the SDK client; the SDK is imported on the first request only. */
  readonly #sdkOptions: SdkClientOptions | undefined;
  #sdk: Promise<Anthropic> | undefined;
  /** The SDK client once built: later requests use it without awaiting `#sdk` again. */
  #sdkBuilt: Anthropic | undefined;
  readonly #client: AnthropicSdkClient | undefined;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #delays: RetryDelayPolicy;
  readonly #sleep: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #baseURL: string;
  readonly #timeoutMs: number | undefined;

  constructor(options: AnthropicClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env.ANTHROPIC_API_KEY;
    const baseURL = options.baseURL ?? process.env.ANTHROPIC_BASE_URL ?? DEFAULT_BASE_URL;
    const { retry = {} } = options;
    this.#maxRetries = (retry.maxAttempts ?? (options.maxRetries ?? 2) + 1) - 1;
    this.#delays = {
      baseDelayMs: retry.baseDelayMs ?? BASE_DELAY_MS,
      maxDelayMs: retry.maxDelayMs ?? options.maxRetryDelayMs ?? 60_000,
    };
    this.#stream = options.stream ?? true;
    this.#sleep = options.sleep ?? ((milliseconds, signal) => delay(milliseconds, undefined, { signal }));
    this.#random = options.random ?? Math.random;
    this.#baseURL = baseURL;
    this.#timeoutMs = options.timeoutMs;
    if (options.client !== undefined) {
      if (typeof options.client?.messages?.create !== "function") {
        throw new TypeError(
          "AnthropicClient: `client` must be an @anthropic-ai/sdk client (with messages.create).",
        );
      }
      this.#client = options.client;
      return;
    }
    // Without a key the SDK would search credential files and profiles; Keel asks for the key instead.
    if (!apiKey) return;
    this.#sdkOptions = {
      apiKey,
      baseURL,
      // Retries have one owner: the loop in `create`. SDK retries inside it would multiply the budget.
      maxRetries: 0,
      // Keel's trace records requests; the SDK's span plumbing costs time on every request even unused.
      openTelemetry: false,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.defaultHeaders === undefined ? {} : { defaultHeaders: options.defaultHeaders }),
    };
  }

  /**
   * The SDK client, imported and built on the first request: a program that only constructs a client (a CLI
   * answering --help, an offline route) never loads the SDK's few hundred modules.
   */
  #sdkClient(options: SdkClientOptions): Promise<Anthropic> {
    const build = ({ default: Sdk }: typeof import("@anthropic-ai/sdk")) => new Sdk(options);
    this.#sdk ??= import("@anthropic-ai/sdk").then(build).then((sdk) => (this.#sdkBuilt = sdk));
    return this.#sdk;
  }

  create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    return this.#create(request, undefined, options);
  }

  /**
   * `create`, posting `json` (= `JSON.stringify(request)`) instead of serialising the request again. A
   * subclass that overrides `create` gets its own `create` here too.
   */
  createSerialized(
    request: MessageCreateRequest,
    json: string,
    options: ModelRequestOptions = {},
  ): Promise<Message> {
    if (this.create !== AnthropicClient.prototype.create) return this.create(request, options);
    return this.#create(request, json, options);
  }

  /**
   * The input tokens of `request` after its context edits (`POST /v1/messages/count_tokens`, betas as the
   * `anthropic-beta` header). With a client of your own, its `messages.countTokens` (or
   * `beta.messages.countTokens` when betas are set). One attempt: a failure rejects with a ModelClientError.
   */
  async countTokens(
    request: MessageCreateRequest,
    options: Pick<ModelRequestOptions, "signal"> = {},
  ): Promise<MessageTokensCount> {
    const body: Record<string, unknown> = {};
    for (const field of COUNTED_FIELDS) {
      const value = (request as unknown as Record<string, unknown>)[field];
      if (value !== undefined) body[field] = value;
    }
    const betas = request.betas ?? [];
    const headers =
      betas.length === 0 ? JSON_HEADERS : { ...JSON_HEADERS, "anthropic-beta": betas.join(",") };
    try {
      if (this.#sdkOptions !== undefined) {
        const sdk = await this.#sdkClient(this.#sdkOptions);
        const path = betas.length === 0 ? COUNT_TOKENS_PATH : `${COUNT_TOKENS_PATH}?beta=true`;
        const sent = { body: JSON.stringify(body), headers, signal: options.signal };
        return (await sdk.post(path, sent)) as MessageTokensCount;
      }
      const own = this.#client as unknown as {
        messages: { countTokens?: (body: unknown, options: unknown) => PromiseLike<unknown> };
        beta?: { messages?: { countTokens?: (body: unknown, options: unknown) => PromiseLike<unknown> } };
      };
      const messages = betas.length === 0 ? own.messages : own.beta?.messages;
      if (typeof messages?.countTokens !== "function") {
        throw new ModelClientError("bad_request", "This SDK client has no messages.countTokens.");
      }
      const params = betas.length === 0 ? body : { ...body, betas };
      return (await messages.countTokens(params, {
        signal: options.signal,
        maxRetries: 0,
      })) as MessageTokensCount;
    } catch (thrown) {
      throw this.#toError(thrown, options.signal, 0);
    }
  }

  /** `create`, with `json` as `JSON.stringify(request)` when the caller already has it (see createSerialized). */
  async #create(
    request: MessageCreateRequest,
    json: string | undefined,
    options: ModelRequestOptions,
  ): Promise<Message> {
    const { signal, onEvent } = options;
    const displays = options.displays !== false;
    if (signal?.aborted) throw abortedError(signal.reason);
    const own = this.#client;
    const sdkOptions = this.#sdkOptions;
    if (sdkOptions === undefined && own === undefined) {
      throw new ModelClientError(
        "authentication",
        "No Anthropic API key: set ANTHROPIC_API_KEY or pass { apiKey } to AnthropicClient.",
      );
    }
    // Serialised once per call, whatever the retries (or not at all: the loop's own JSON of the request, when it
    // has no betas to move to a header), and posted as is: `messages.create` would serialise it again and add
    // only the headers of fields Keel never sends (workspace and user profile ids, helper tags).
    // The client's timeout applies (posting skips `messages.create`'s refusal of large non-streaming max_tokens).
    // Beta features travel as the `anthropic-beta` header, as the SDK's beta API sends them.
    const { betas } = request;
    const beta = betas === undefined || betas.length === 0 ? undefined : betas.join(",");
    let send: () => PromiseLike<unknown>;
    if (own !== undefined) {
      const body = withoutBetas(request);
      // Your client routes the request (a provider client builds its own path from the body's model).
      const create = own.messages.create.bind(own.messages) as (
        body: unknown,
        options: unknown,
      ) => PromiseLike<unknown>;
      const payload = { ...body, stream: this.#stream };
      const requestOptions = {
        signal,
        maxRetries: 0,
        ...(beta === undefined ? {} : { headers: { "anthropic-beta": beta } }),
      };
      send = () => create(payload, requestOptions);
    } else {
      // Copied without its betas only when the loop's JSON cannot be posted (issue 30: a rest per request).
      const posted = json !== undefined && !("betas" in request) && !("stream" in request) ? json : undefined;
      const body = posted === undefined ? withoutBetas(request) : undefined;
      const sdk = this.#sdkBuilt ?? (await this.#sdkClient(sdkOptions!));
      const postOptions = {
        signal,
        body:
          posted !== undefined
            ? `${posted.slice(0, -1)},"stream":${this.#stream}}`
            : JSON.stringify({ ...body, stream: this.#stream }),
        headers: beta === undefined ? JSON_HEADERS : { ...JSON_HEADERS, "anthropic-beta": beta },
        stream: this.#stream,
      };
      send = () => sdk.post(MESSAGES_PATH, postOptions);
    }
    for (let retries = 0; ; retries++) {
      try {
        return this.#stream
          ? await this.#streamOnce(send, signal, onEvent, displays)
          : await this.#postOnce(send, onEvent);
      } catch (failure) {
        if (!(failure instanceof FailedAttempt)) throw failure;
        const delayMs = this.#retryDelay(failure, retries, signal, onEvent);
        try {
          await this.#sleep(delayMs, signal);
        } catch (sleepError) {
          throw abortedError(sleepError);
        }
        if (signal?.aborted) throw abortedError(signal.reason);
      }
    }
  }

  async #postOnce(send: () => PromiseLike<unknown>, onEvent: ModelRequestOptions["onEvent"]) {
    let message: Message;
    try {
      message = (await send()) as Message;
    } catch (thrown) {
      throw new FailedAttempt(thrown, "response");
    }
    emitMessageEvents(message, onEvent);
    return message;
  }

  async #streamOnce(
    send: () => PromiseLike<unknown>,
    signal: AbortSignal | undefined,
    onEvent: ModelRequestOptions["onEvent"],
    displays: boolean,
  ): Promise<Message> {
    const assembler = new MessageAssembler(onEvent, displays);
    let stream: AsyncIterable<unknown>;
    try {
      stream = (await send()) as AsyncIterable<unknown>;
    } catch (thrown) {
      throw new FailedAttempt(thrown, "response");
    }
    try {
      for await (const event of stream) assembler.add(event as RawStreamEvent);
    } catch (thrown) {
      if (thrown instanceof ListenerError) throw thrown.error;
      throw new FailedAttempt(thrown, assembler.forwarded ? "after-output" : "stream", assembler.usage);
    }
    // The SDK ends the iteration quietly when the signal aborts mid-stream.
    if (signal?.aborted) throw abortedError(signal.reason);
    return assembler.finish();
  }

  /**
   * The wait before the next attempt, once its `retry` event is sent; throws the failure as a
   * ModelClientError when it is not retried. A listener that throws ends the request with its exception.
   */
  #retryDelay(
    failure: FailedAttempt,
    retries: number,
    signal: AbortSignal | undefined,
    onEvent: ((event: ModelStreamEvent) => void) | undefined,
  ): number {
    const error = this.#toError(failure.thrown, signal, retries);
    if (error.kind === "aborted") throw error;
    if (failure.phase === "after-output") throw afterOutput(error);
    const advice = retryAdvice(failure.thrown, error, failure.phase);
    if (!advice.retry || retries >= this.#maxRetries) throw error;
    const delayMs = retryDelay(retries + 2, this.#delays, this.#random, advice.retryAfterMs);
    if (delayMs === null) throw waitTooLong(error, advice.retryAfterMs, this.#delays.maxDelayMs);
    onEvent?.({
      type: "retry",
      attempt: retries + 1,
      reason: retryReason(error, failure.phase),
      delayMs,
      ...(failure.usage === undefined ? {} : { usage: failure.usage }),
    });
    return delayMs;
  }

  #toError(thrown: unknown, signal: AbortSignal | undefined, retries: number): ModelClientError {
    if (signal?.aborted && !ModelClientError.isInstance(thrown)) return abortedError(thrown);
    return toModelClientError(thrown, this.#baseURL, retries, this.#timeoutMs);
  }
}

/** The request's fields but `betas`, which travel as the `anthropic-beta` header. */
function withoutBetas(request: MessageCreateRequest): Omit<MessageCreateRequest, "betas"> {
  const { betas: _betas, ...body } = request;
  return body;
}

function retryReason(error: ModelClientError, phase: FailurePhase): string {
  if (phase === "stream") return `stream failed before any output: ${error.message}`;
  return error.status === undefined ? `connection failed: ${error.message}` : `HTTP ${error.status}`;
}

/** The server asked for a longer wait than `maxRetryDelayMs` allows: the knob that helps is that one. */
function waitTooLong(
  error: ModelClientError,
  retryAfterMs: number | undefined,
  maxDelayMs: number,
): ModelClientError {
  const { kind, message, ...fields } = error.toJSON();
  const firstSentence = message.replace(/ (Wait|Retry after)\b.*$/, "");
  return new ModelClientError(
    kind,
    `${firstSentence} The API asked to wait ${retryAfterMs ?? "?"} ms before retrying, longer than ` +
      `maxRetryDelayMs (${maxDelayMs} ms), so the request was not retried: retry after that wait, or raise ` +
      "maxRetryDelayMs to let the client wait that long.",
    { ...fields, cause: error.cause },
  );
}

function afterOutput(error: ModelClientError): ModelClientError {
  const { kind, message, ...fields } = error.toJSON();
  return new ModelClientError(
    kind,
    `${message} The stream had already shown output, so it was not retried here (that would show it twice); ` +
      "the run ends with a snapshot of its history: resumeRun(result.snapshot, [], { client, tools }) continues it.",
    { ...fields, cause: error.cause },
  );
}
