import type { Message, TextBlock } from "../wire.js";
import { isMessage, isToolUse, requestModel, summarizeModelError } from "./model-call.js";
import { resolveOptions } from "./resolve-options.js";
import type { RunOptions } from "./run-options.js";
import type { RunResult, RunStatus, StopDetails } from "./run-result.js";
import { RunState } from "./run-state.js";
import { ToolBatch } from "./tool-batch.js";
import { addUsage } from "./usage.js";

/** Appended (as a text block after the tool results) to the last user turn before the forced final request. */
export const FINAL_ANSWER_INSTRUCTION =
  "You have reached the limit of tool calls for this request. Do not call any more tools. " +
  "Answer the user's request now from the information gathered so far, and say plainly what is still unknown or was not done.";

/**
 * Runs the agent loop until a terminal stop reason, the iteration cap, an abort or a model failure, and
 * returns a RunResult with exactly one status. Only invalid options throw (RunOptionsError); model and
 * tool misbehaviour becomes a status, an outcome or a trace event.
 */
export async function runAgent(options: RunOptions): Promise<RunResult> {
  const run = new RunState(resolveOptions(options));
  run.emit({
    type: "run_start",
    runId: run.runId,
    model: run.options.model,
    client: run.options.client.name,
    tools: run.options.toolset.names,
    maxIterations: run.options.maxIterations,
    cache: run.options.cache,
  });
  try {
    return await loop(run);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return run.finish("model_error", { error: { kind: "internal", message, retryable: false } });
  }
}

async function loop(run: RunState): Promise<RunResult> {
  const { options, conversation } = run;
  let pauseTurns = 0;
  for (;;) {
    if (run.signal.aborted) return run.finish("aborted");
    const final = run.toolRounds >= options.maxIterations;
    const { request, bytes } = conversation.build(final);
    run.modelRequests += 1;
    const index = run.modelRequests;
    run.emit({ type: "request", index, final, messages: request.messages.length, bytes });
    const batch = final ? undefined : new ToolBatch(run, run.toolRounds + 1);
    const startedAt = run.now();
    let response: Message;
    try {
      const received: unknown = await requestModel(run, request, batch);
      if (!isMessage(received)) throw invalidResponse;
      response = received;
    } catch (error) {
      await batch?.discard();
      if (run.signal.aborted) return run.finish("aborted");
      return run.finish("model_error", {
        error: error === invalidResponse ? INVALID_RESPONSE : summarizeModelError(error),
      });
    }
    run.usage = addUsage(run.usage, response.usage);
    const toolUses = response.content.filter(isToolUse);
    run.emit({
      type: "response",
      index,
      stopReason: response.stop_reason,
      toolUses: toolUses.length,
      usage: response.usage,
      cumulativeUsage: run.usage,
      durationMs: run.elapsed(startedAt),
    });
    conversation.append({ role: "assistant", content: response.content });

    if (batch !== undefined && response.stop_reason === "tool_use" && toolUses.length > 0) {
      const results = await batch.execute(toolUses);
      if (results === undefined) return run.finish("aborted");
      run.toolRounds += 1;
      const last = run.toolRounds >= options.maxIterations;
      conversation.append({ role: "user", content: last ? [...results, FINAL_TEXT] : results });
      continue;
    }
    await batch?.discard();
    for (const block of toolUses) {
      const reason = final ? "final_request" : "stop_reason";
      run.emit({
        type: "tool_use_ignored",
        id: block.id,
        name: block.name,
        reason,
        stopReason: response.stop_reason,
      });
    }
    if (response.stop_reason === "pause_turn") {
      pauseTurns += 1;
      if (pauseTurns <= options.maxPauseTurns) continue;
      return run.finish("max_iterations", {
        text: textOf(response),
        stopDetails: { ...stopDetailsOf(response), limit: "maxPauseTurns" },
      });
    }
    const status = statusFor(response, final);
    if (status === undefined) return run.finish("model_error", { error: INVALID_RESPONSE });
    const limit = status === "max_iterations" ? { limit: "maxIterations" as const } : {};
    return run.finish(status, {
      text: textOf(response),
      stopDetails: { ...stopDetailsOf(response), ...limit },
    });
  }
}

const FINAL_TEXT: TextBlock = { type: "text", text: FINAL_ANSWER_INSTRUCTION };
const invalidResponse = Symbol("invalid response");
const INVALID_RESPONSE = {
  kind: "invalid_response",
  message:
    "The model response is not a Messages API message this loop can act on (content, tool_use or stop_reason).",
  retryable: false,
} as const;

/**
 * The stop reason decides, never the content: end_turn and stop_sequence complete the run even if the reply
 * also holds tool_use blocks (they are not executed; the trace says so). On the forced final request every
 * answer counts as max_iterations. tool_use without any tool_use block is an invalid response.
 */
function statusFor(response: Message, final: boolean): RunStatus | undefined {
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

function stopDetailsOf(response: Message): StopDetails {
  return {
    stopReason: response.stop_reason,
    stopSequence: response.stop_sequence ?? null,
    ...(response.stop_details == null ? {} : { details: response.stop_details }),
  };
}

function textOf(response: Message): string {
  let text = "";
  for (const block of response.content) if (block.type === "text") text += (block as TextBlock).text;
  return text;
}
