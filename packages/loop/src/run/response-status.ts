import type { Message, TextBlock } from "../wire.js";
import type { RunError, RunStatus, StopDetails } from "./run-result.js";

/** A reply the loop cannot act on: no content array, a null or unknown stop reason, tool_use without a block. */
export const INVALID_RESPONSE: RunError = {
  kind: "invalid_response",
  message:
    "The model response is not a Messages API message this loop can act on (content, tool_use or stop_reason).",
  retryable: false,
};

/** A reply that cannot be serialised back into the history (e.g. nested deeper than JSON allows here). */
export const UNSERIALISABLE_RESPONSE: RunError = {
  kind: "invalid_response",
  message:
    "The model response cannot be serialised into the conversation history (it is nested too deeply or holds values JSON cannot represent), so none of it was executed.",
  retryable: false,
};

/**
 * The stop reason decides, never the content: end_turn and stop_sequence complete the run even if the reply
 * also holds tool_use blocks (they are not executed; the trace says so). On the forced final request every
 * answer counts as max_iterations. tool_use without any tool_use block is an invalid response.
 */
export function statusFor(response: Message, final: boolean): RunStatus | undefined {
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
      return undefined;
  }
}

export function stopDetailsOf(response: Message): StopDetails {
  return {
    stopReason: response.stop_reason,
    stopSequence: response.stop_sequence ?? null,
    ...(response.stop_details == null ? {} : { details: response.stop_details }),
  };
}

export function textOf(response: Message): string {
  let text = "";
  for (const block of response.content) if (block.type === "text") text += (block as TextBlock).text;
  return text;
}
