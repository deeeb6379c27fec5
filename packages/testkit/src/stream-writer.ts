import type { ServerResponse } from "node:http";
import type { ApiErrorType } from "@keel/wire/internal";
import { errorEvent, type SseEvent } from "./sse-events.js";

export interface StreamTiming {
  /** Pause before every event after the first. */
  eventDelayMs: number;
  /** Pause before each content_block_start: one number for every block, or one per block index. */
  blockDelayMs: number | readonly number[];
}

export interface StreamStop {
  /** Replace the rest of the stream with an SSE error event right after this many deltas. */
  errorAfterDeltas?: { count: number; error: { type: ApiErrorType; message: string } };
  /** Close the socket after this many events, leaving the response unfinished. */
  resetAfterEvents?: number;
}

interface Step {
  text: string;
  delayMs: number;
}

/**
 * Writes an SSE stream. Without delays the whole stream is one write (cheap for benchmarks); with delays each
 * event is written on its own timer. Returns a function that cancels pending timers.
 */
export function writeStream(
  response: ServerResponse,
  events: readonly SseEvent[],
  timing: StreamTiming,
  stop: StreamStop,
  /** Turns each SSE frame into the wire's framing (Bedrock's event stream); SSE as is by default. */
  encode?: (sse: string) => Buffer,
): () => void {
  const planned = plan(events, timing, stop);
  const { reset } = planned;
  const steps: { readonly text: string | Buffer; readonly delayMs: number }[] = encode
    ? planned.steps.map((step) => ({ ...step, text: encode(step.text) }))
    : planned.steps;
  if (steps.every((step) => step.delayMs === 0)) {
    const texts = steps.map((step) => step.text);
    finish(response, encode ? Buffer.concat(texts as Buffer[]) : texts.join(""), reset);
    return () => {};
  }
  let timer: NodeJS.Timeout | undefined;
  let next = 0;
  const writeNext = (): void => {
    timer = undefined;
    if (response.destroyed) return;
    const step = steps[next++]!;
    if (next === steps.length) {
      finish(response, step.text, reset);
      return;
    }
    response.write(step.text);
    timer = setTimeout(writeNext, steps[next]!.delayMs);
  };
  timer = setTimeout(writeNext, steps[0]!.delayMs);
  return () => clearTimeout(timer);
}

function plan(
  events: readonly SseEvent[],
  timing: StreamTiming,
  stop: StreamStop,
): { steps: Step[]; reset: boolean } {
  const steps: Step[] = [];
  const errorAfter = stop.errorAfterDeltas;
  // A reset after every event would deliver a complete stream, so at least message_stop is withheld.
  const resetAt =
    stop.resetAfterEvents === undefined ? undefined : Math.min(stop.resetAfterEvents, events.length - 1);
  let deltas = 0;
  const pushError = (event: SseEvent): { steps: Step[]; reset: boolean } => {
    steps.push({ text: errorEvent(errorAfter!.error), delayMs: delayBefore(steps, event, timing) });
    return { steps, reset: false };
  };
  for (const event of events) {
    if (resetAt !== undefined && steps.length === resetAt) return { steps, reset: true };
    // count 0 fails before the first delta; a stream with fewer deltas fails before message_delta.
    if (
      errorAfter &&
      (event.kind === "message-delta" || (event.kind === "delta" && errorAfter.count === 0))
    ) {
      return pushError(event);
    }
    steps.push({ text: event.text, delayMs: delayBefore(steps, event, timing) });
    if (event.kind === "delta" && ++deltas === errorAfter?.count) return pushError(event);
  }
  return { steps, reset: false };
}

function delayBefore(steps: readonly Step[], event: SseEvent, timing: StreamTiming): number {
  let delay = steps.length === 0 ? 0 : timing.eventDelayMs;
  if (event.kind === "block-start") {
    const blockDelay = timing.blockDelayMs;
    delay += typeof blockDelay === "number" ? blockDelay : (blockDelay[event.block] ?? 0);
  }
  return delay;
}

/** Writes the last text, then ends the response, or closes the socket once the text reached the kernel. */
function finish(response: ServerResponse, text: string | Buffer, reset: boolean): void {
  if (!reset) {
    response.end(text);
    return;
  }
  const destroy = (): void => {
    response.socket?.destroy();
  };
  if (text.length === 0) destroy();
  else response.write(text, destroy);
}

/** How long the stream of these events would take; a JSON answer waits as long so timings match. */
export function streamDurationMs(events: readonly SseEvent[], timing: StreamTiming): number {
  return plan(events, timing, {}).steps.reduce((total, step) => total + step.delayMs, 0);
}
