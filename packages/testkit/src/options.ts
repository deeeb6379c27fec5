import type { Message, MessageTemplate } from "@keel/wire";
import type { ApiErrorBody } from "@keel/wire/internal";
import { findMessageProblem } from "@keel/wire/internal";
import { TestkitConfigError } from "./config-error.js";
import { checkDelay, checkFaultPlan, type Fault, type FaultPlan } from "./faults.js";
import type { Provider } from "./providers.js";
import type { ChunkingOptions } from "./sse-events.js";
import type { StreamTiming } from "./stream-writer.js";
import type { MessagesRequest } from "./wire.js";

export interface StreamingOptions {
  /** Characters per text_delta (and thinking_delta). Default 24. */
  textChunkSize?: number | undefined;
  /** Characters per input_json_delta, so a tool input arrives in several pieces. Default 12. */
  jsonChunkSize?: number | undefined;
  /** Begin each tool input with `partial_json: ""`, as the real API often does. Default true. */
  emptyFirstJsonDelta?: boolean | undefined;
  /** Pause before every SSE event after the first. Default 0 (the whole stream is one write). */
  eventDelayMs?: number | undefined;
  /** Pause before each content_block_start (the first too): one value for all blocks or one per index. */
  blockDelayMs?: number | readonly number[] | undefined;
}

/** What the server received, kept for assertions. Secrets in headers read "[redacted]". */
export interface RecordedRequest {
  /** 0-based position among all `POST /v1/messages` requests; faults are keyed by it. */
  index: number;
  method: string;
  path: string;
  /** Lower-case header names; `x-api-key`, `authorization` and cookies are "[redacted]". */
  headers: Record<string, string>;
  /**
   * The parsed JSON body (undefined when it was not JSON); check `response` for rejected ones. For Bedrock and
   * Vertex, the Messages API request it stands for (`model` and `stream` from the path; `sentBody` is the wire's).
   */
  body: MessagesRequest;
  /** Which provider's endpoint was called (see providers.ts): "anthropic" for `/v1/messages`. */
  provider: Provider;
  /** Bedrock and Vertex only: the body exactly as sent (no `model`, an `anthropic_version`). */
  sentBody?: unknown;
  /** Set once the server decided the answer. */
  response?: RecordedResponse;
}

export interface RecordedResponse {
  /** HTTP status; 200 for a stream even when a fault breaks it later; 0 when the socket was closed unanswered. */
  status: number;
  stream: boolean;
  /** The message served, or the one a faulted stream had started. */
  message?: Message;
  error?: ApiErrorBody["error"];
  faults: readonly Fault[];
}

export interface HandlerContext {
  /** The request's index (see {@link RecordedRequest.index}). */
  index: number;
  /** Every request so far, this one included (empty when `recordRequests` is false). */
  requests: readonly RecordedRequest[];
}

/** Answers one validated request; a throw becomes a 500 that names the handler. */
export type MessagesHandler = (
  request: MessagesRequest,
  context: HandlerContext,
) => MessageTemplate | Promise<MessageTemplate>;

export interface FakeMessagesApiOptions {
  /** Responses served in order, one per successful request. Exclusive with `handler`. */
  script?: readonly MessageTemplate[] | undefined;
  /** Computes each response. Exclusive with `script`. */
  handler?: MessagesHandler | undefined;
  faults?: FaultPlan | undefined;
  streaming?: StreamingOptions | undefined;
  /** Require exactly this `x-api-key`; by default any non-empty key is accepted. */
  apiKey?: string | undefined;
  /** Default 0: a free port. The server always listens on 127.0.0.1. */
  port?: number | undefined;
  /** Keep every request in `requests`. Default true; benchmarks of long sessions may turn it off. */
  recordRequests?: boolean | undefined;
}

export interface ResolvedOptions {
  script: readonly MessageTemplate[] | undefined;
  handler: MessagesHandler | undefined;
  faults: FaultPlan | undefined;
  chunking: ChunkingOptions;
  timing: StreamTiming;
  apiKey: string | undefined;
  port: number;
  recordRequests: boolean;
}

/** Checks the options once, at start, and fills the defaults. */
export function resolveOptions(options: FakeMessagesApiOptions): ResolvedOptions {
  const { script, handler, streaming = {} } = options;
  if ((script === undefined) === (handler === undefined)) {
    throw new TestkitConfigError(
      "give exactly one of `script` (an array of responses) or `handler` (a function).",
    );
  }
  if (script !== undefined) {
    if (!Array.isArray(script)) throw new TestkitConfigError("`script` must be an array of messages.");
    for (const [index, entry] of script.entries()) {
      const problem = findMessageProblem(entry, `script[${index}]`, { strict: false });
      if (problem) throw new TestkitConfigError(`${problem}.`);
    }
  }
  if (handler !== undefined && typeof handler !== "function")
    throw new TestkitConfigError("`handler` must be a function.");
  checkFaultPlan(options.faults);
  const chunkSize = (name: keyof StreamingOptions, fallback: number): number => {
    const value = streaming[name] ?? fallback;
    if (!Number.isInteger(value) || (value as number) < 1) {
      throw new TestkitConfigError(`streaming.${name} must be a positive integer.`);
    }
    return value as number;
  };
  checkDelay("eventDelayMs", streaming.eventDelayMs, "streaming");
  checkDelay("blockDelayMs", streaming.blockDelayMs, "streaming");
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TestkitConfigError("`port` must be 0 to 65535.");
  if (options.apiKey !== undefined && (typeof options.apiKey !== "string" || options.apiKey === "")) {
    throw new TestkitConfigError("`apiKey` must be a non-empty string.");
  }
  return {
    script,
    handler,
    faults: options.faults,
    chunking: {
      textChunkSize: chunkSize("textChunkSize", 24),
      jsonChunkSize: chunkSize("jsonChunkSize", 12),
      emptyFirstJsonDelta: streaming.emptyFirstJsonDelta ?? true,
    },
    timing: { eventDelayMs: streaming.eventDelayMs ?? 0, blockDelayMs: streaming.blockDelayMs ?? 0 },
    apiKey: options.apiKey,
    port,
    recordRequests: options.recordRequests ?? true,
  };
}
