import type { Message, TextBlock } from "@keel/wire";
import type { RunEnding, RunError, StopDetails } from "./run-result.js";

/** The statuses a response ends a run with, its stop details known. */
type AnsweredStatus = Extract<RunEnding, { readonly stopDetails: StopDetails }>["status"];

/** A reply the loop cannot act on: no content array, a null or unknown stop reason, tool_use without a block. */
export const INVALID_RESPONSE: RunError = {
  kind: "invalid_response",
  message:
    "The model response is not a Messages API message this loop can act on (content, tool_use or stop_reason).",
  retryable: false,
};

/** A reply that cannot be serialised back into the history (e.g. nested deeper than JSON allows here). */
export const UNSERIALIZABLE_RESPONSE: RunError = {
  kind: "invalid_response",
  message:
    "The model response cannot be serialised into the conversation history (it is nested too deeply or holds values JSON cannot represent), so none of it was executed.",
  retryable: false,
};

/**
 * The stop reason decides, never the content: end_turn and stop_sequence complete the run even if the reply
 * also holds tool_use blocks (they are not executed; the trace says so). On the forced final request every
 * answer counts as max_iterations. tool_use without any tool_use block is an invalid response; a stop reason
 * this loop does not know yet ends as `unknown_stop_reason` (with its text and stop details), a missing one
 * as an invalid response.
 */
export function answeredStatus(response: Message, final: boolean): AnsweredStatus | undefined {
  switch (response.stop_reason) {
    case "end_turn":
    case "stop_sequence":
      return final ? "max_iterations" : "completed";
    case "tool_use":
      return final ? "max_iterations" : undefined;
    case "max_tokens":
      return "truncated";
    case "refusal":
      return "refused";
    case "model_context_window_exceeded":
      return "context_window_exceeded";
    default:
      // A stop reason newer than this loop: an answer of a kind it does not know, not a broken reply.
      return isNamed(response.stop_reason) ? "unknown_stop_reason" : undefined;
  }
}

const isNamed = (reason: unknown): boolean => typeof reason === "string" && reason !== "";

export function stopDetailsOf(response: Message): StopDetails {
  return {
    stopReason: response.stop_reason,
    stopSequence: response.stop_sequence ?? null,
    ...(response.stop_details == null ? {} : { details: response.stop_details }),
  };
}

/**
 * The API's "prompt is too long" (HTTP 400) means the same as the `model_context_window_exceeded` stop
 * reason: the conversation no longer fits. Its own status tells the caller to trim, not to debug a request.
 */
export function isPromptTooLong(error: RunError): boolean {
  return error.kind === "bad_request" && /prompt is too long/i.test(error.message);
}

export function textOf(response: Message): string {
  let text = "";
  for (const block of response.content) if (block.type === "text") text += (block as TextBlock).text;
  return text;
}
