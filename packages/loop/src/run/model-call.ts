import { isRecord } from "@keel/errors/internal";
import type { Message, MessageCreateRequest, ToolUseBlock } from "@keel/wire";
import type { ModelStreamEvent } from "../clients/model-client.js";
import { ModelClientError } from "../clients/model-client-error.js";
import type { ChatSpan } from "../telemetry/run-telemetry.js";
import type { RunError } from "./run-result.js";
import type { RunState } from "./run-state.js";
import type { ToolBatch } from "./tool-batch.js";

/**
 * One model request (`json` is `JSON.stringify(request)`, for a client with `createSerialized`). Stream events start eager reads and feed the trace; the caller's listener sees them
 * too. Settles as soon as the run aborts, even with a client that ignores its signal.
 */
export function requestModel(
  run: RunState,
  request: MessageCreateRequest,
  json: string,
  batch?: ToolBatch,
  chat?: ChatSpan,
): Promise<Message> {
  const onEvent = (event: ModelStreamEvent): void => {
    // Billed so far by this attempt: counted as failed if it ends without a response.
    if (event.type === "usage") run.attemptBilled(event.usage);
    if (event.type !== "retry") chat?.streamed();
    try {
      run.options.onStreamEvent?.(event);
    } catch {
      // A caller's display listener must not break the client's stream.
    }
    // A replayed block belongs to a message that has already arrived: its calls run when the turn settles.
    if (event.type === "tool_use_complete" && event.replayed !== true) {
      try {
        batch?.blockCompleted(event.block);
      } catch {
        // Starting early is an optimisation: the final message runs the block anyway.
      }
    } else if (event.type === "retry") {
      run.attemptRetried(event.usage);
      run.emit({ type: "model_retry", attempt: event.attempt, reason: event.reason, delayMs: event.delayMs });
      chat?.retry(event.attempt, event.reason, event.delayMs);
    }
  };
  // Without a caller signal the run cannot abort: no signal for the client to watch (an HTTP client links
  // each request to it, which costs time per request), and no race to set up.
  const abortable = run.options.signal !== undefined;
  const { client } = run.options;
  // Only the caller's onStreamEvent shows anything: without it, a stream that fails part-way is retried.
  const displays = run.options.onStreamEvent !== undefined;
  const options = abortable ? { signal: run.signal, onEvent, displays } : { onEvent, displays };
  let pending: Promise<Message>;
  try {
    pending =
      client.createSerialized === undefined
        ? client.create(request, options)
        : client.createSerialized(request, json, options);
  } catch (error) {
    return Promise.reject(error);
  }
  return abortable ? settleOnAbort(pending, run.signal) : pending;
}

function settleOnAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => {}); // observed here even when the abort wins the race
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A typed summary of a client failure, from the ModelClientError fields only. */
export function summarizeModelError(error: unknown): RunError {
  if (ModelClientError.isInstance(error)) return error.toJSON();
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    kind: "unknown",
    message: `The model client rejected with something other than a ModelClientError (${detail.slice(0, 200)}).`,
    retryable: false,
  };
}

export const isToolUse = (block: { type: string }): block is ToolUseBlock => block.type === "tool_use";

/** The few checks the loop relies on: a content array of typed blocks, tool_use blocks with id and name. */
export function isMessage(value: unknown): value is Message {
  if (!isRecord(value) || !Array.isArray(value.content)) return false;
  return value.content.every(
    (block) =>
      isRecord(block) &&
      typeof block.type === "string" &&
      (block.type !== "tool_use" || (typeof block.id === "string" && typeof block.name === "string")),
  );
}
