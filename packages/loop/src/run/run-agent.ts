import type { ContentBlock, Message, TextBlock, ToolResultBlock } from "@keel/wire";
import { startTelemetry } from "../telemetry/run-telemetry.js";
import { isMessage, isToolUse, requestModel, summarizeModelError } from "./model-call.js";
import { pauseRun, snapshotOnFailure } from "./pause-run.js";
import { resolveOptions } from "./resolve-options.js";
import {
  INVALID_RESPONSE,
  isPromptTooLong,
  statusFor,
  stopDetailsOf,
  textOf,
  UNSERIALIZABLE_RESPONSE,
} from "./response-status.js";
import type { RunOptions } from "./run-options.js";
import type { RunResult } from "./run-result.js";
import { RunState } from "./run-state.js";
import { storedTurn } from "./stored-turn.js";
import { ToolBatch } from "./tool-batch.js";
import { addFailedAttempt, addUsage } from "./usage.js";

/** Appended (as a text block after the tool results) to the last user turn before the forced final request. */
export const FINAL_ANSWER_INSTRUCTION =
  "You have reached the limit of tool calls for this request. Do not call any more tools. " +
  "Answer the user's request now from the information gathered so far, and say plainly what is still unknown or was not done.";

/**
 * Runs the agent loop until a terminal stop reason, the round cap (`maxIterations`), an abort or a model
 * failure, and returns a RunResult with exactly one status. Only invalid options throw (RunOptionsError);
 * model and tool misbehaviour becomes a status, an outcome or a trace event.
 */
export async function runAgent(options: RunOptions): Promise<RunResult> {
  const resolved = resolveOptions(options);
  const run = new RunState(resolved, await startTelemetry(resolved));
  run.emit({
    type: "run_start",
    runId: run.runId,
    startedAt: run.startedAtIso,
    model: run.options.model,
    client: run.options.client.name,
    tools: run.options.toolset.names,
    maxIterations: run.options.maxIterations,
    cache: run.options.cache,
  });
  return continueRun(run);
}

/** Enters one tool round's results as the next user turn (with the final-answer instruction after the last round). */
export function answerTurn(run: RunState, results: readonly ToolResultBlock[]): void {
  run.toolRounds += 1;
  const last = run.toolRounds >= run.options.maxIterations;
  run.conversation.append({ role: "user", content: last ? [...results, FINAL_TEXT] : [...results] });
}

/** The loop from the next model request on; `runAgent` and `resumeRun` both enter it. */
export async function continueRun(run: RunState): Promise<RunResult> {
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
    run.refreshTools();
    const final = run.toolRounds >= options.maxIterations;
    const { request, json, bytes } = conversation.build(final);
    run.modelRequests += 1;
    const index = run.modelRequests;
    run.emit({ type: "request", index, final, messages: request.messages.length, bytes });
    const batch = final ? undefined : new ToolBatch(run, run.toolRounds + 1);
    const startedAt = run.now();
    const chat = run.telemetry?.startChat(request);
    let response: Message;
    try {
      const received: unknown = await requestModel(run, request, json, batch, chat);
      if (!isMessage(received)) throw invalidResponse;
      response = received;
      run.attemptUsage = undefined;
      chat?.end(response);
    } catch (error) {
      // The attempt that failed or was aborted after the API started answering: its input is billed.
      if (run.attemptUsage !== undefined) run.usage = addFailedAttempt(run.usage, run.attemptUsage);
      run.attemptUsage = undefined;
      await batch?.discard();
      const failure = run.signal.aborted
        ? ABORTED
        : error === invalidResponse
          ? INVALID_RESPONSE
          : summarizeModelError(error);
      chat?.fail(failure);
      if (run.signal.aborted) return run.finish("aborted");
      if (isPromptTooLong(failure)) return run.finish("context_window_exceeded", { error: failure });
      // A transient failure leaves a valid history ending on a user turn: the run can go on later.
      return failure.retryable
        ? snapshotOnFailure(run, failure)
        : run.finish("model_error", { error: failure });
    }
    run.usage = addUsage(run.usage, response.usage);
    if (typeof response.container?.id === "string") conversation.container = response.container.id;
    // maxPauseTurns bounds consecutive pauses: any other reply starts the count again.
    if (response.stop_reason !== "pause_turn") pauseTurns = 0;
    const toolUses = response.content.filter(isToolUse);
    run.emit({
      type: "response",
      index,
      stopReason: response.stop_reason,
      toolUses: toolUses.length,
      usage: response.usage ?? { input_tokens: 0, output_tokens: 0 },
      cumulativeUsage: run.usage,
      durationMs: run.elapsed(startedAt),
    });
    const toolsRun = batch !== undefined && response.stop_reason === "tool_use" && toolUses.length > 0;
    try {
      const stored = storedTurn(response.content, toolsRun);
      if (stored.length > 0) conversation.append({ role: "assistant", content: stored as ContentBlock[] });
    } catch {
      // A reply that cannot be serialised (e.g. nested deeper than JSON.stringify allows) can never be sent
      // back in the history: nothing of it runs, and the run ends as an invalid response, not an internal bug.
      await batch?.discard();
      return run.finish("model_error", { error: UNSERIALIZABLE_RESPONSE });
    }

    if (toolsRun) {
      const { results, aborted, held } = await batch!.settle(toolUses);
      if (aborted) {
        conversation.append({ role: "user", content: results });
        return run.finish("aborted");
      }
      if (held.length > 0) return pauseRun(run, results, held);
      answerTurn(run, results);
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
      return run.finish("max_pause_turns", {
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
const ABORTED = {
  kind: "aborted",
  message: "The run was aborted during the request.",
  retryable: false,
} as const;
