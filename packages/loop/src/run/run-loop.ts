import type { ContentBlock, Message, ToolUseBlock } from "@keel/wire";
import { responseContext } from "./context-usage.js";
import { overInputBudget } from "./input-budget.js";
import { isMessage, isToolUse, requestModel, summarizeModelError } from "./model-call.js";
import { checkpointRun, pauseRun, snapshotOnFailure } from "./pause-run.js";
import {
  answeredStatus,
  INVALID_RESPONSE,
  isPromptTooLong,
  stopDetailsOf,
  textOf,
  UNSERIALIZABLE_RESPONSE,
} from "./response-status.js";
import type { RunResult } from "./run-result.js";
import type { RunState } from "./run-state.js";
import { storedTurn } from "./stored-turn.js";
import { ToolBatch } from "./tool-batch.js";

/** Where a run goes on from: a first checkpoint (a new run, a settled resume), or a checkpointed turn's tool calls. */
export interface ContinueFrom {
  readonly checkpoint?: boolean;
  readonly toolUses?: readonly ToolUseBlock[];
}

/** The loop from the next model request on; `runAgent` and `resumeRun` both enter it. */
export async function continueRun(run: RunState, from: ContinueFrom = {}): Promise<RunResult> {
  try {
    if (from.toolUses !== undefined) {
      const batch = new ToolBatch(run, run.toolRounds + 1);
      const ended = answerTurn(run, await batch.settle(from.toolUses));
      if (ended !== undefined) return ended;
    }
    if (from.toolUses !== undefined || from.checkpoint === true) {
      const saving = checkpointRun(run);
      if (saving !== undefined) await saving;
    }
    return await loop(run);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return run.finish({ status: "model_error", error: { kind: "internal", message, retryable: false } });
  }
}

async function loop(run: RunState): Promise<RunResult> {
  const { options, conversation } = run;
  let pauseTurns = 0;
  for (;;) {
    if (run.signal.aborted) return run.finish({ status: "aborted" });
    run.refreshTools();
    const final = run.toolRounds >= options.maxIterations;
    const { request, json, bytes } = conversation.build(final);
    let overBudget = overInputBudget(run, request, bytes);
    // Only a request near the budget, with a client that counts, has anything to wait for.
    if (overBudget instanceof Promise) overBudget = await overBudget;
    if (overBudget !== undefined) return run.finish({ status: "context_window_exceeded", error: overBudget });
    const index = run.startRequest();
    run.emit({ type: "request", index, final, messages: request.messages.length, bytes });
    const batch = final ? undefined : new ToolBatch(run, run.toolRounds + 1);
    const startedAt = run.now();
    const chat = run.telemetry?.startChat(request);
    let response: Message;
    let context: ReturnType<typeof responseContext>;
    try {
      const received: unknown = await requestModel(run, request, json, batch, chat);
      if (!isMessage(received)) throw invalidResponse;
      response = received;
      context = responseContext(response.usage, response.context_management);
      run.responseReceived(response.usage, context);
      chat?.end(response);
    } catch (error) {
      // The attempt that failed or was aborted after the API started answering: its input is billed.
      run.attemptFailed();
      await batch?.discard();
      const failure = run.signal.aborted
        ? ABORTED
        : error === invalidResponse
          ? INVALID_RESPONSE
          : summarizeModelError(error);
      chat?.fail(failure);
      if (run.signal.aborted) return run.finish({ status: "aborted" });
      if (isPromptTooLong(failure)) return run.finish({ status: "context_window_exceeded", error: failure });
      // A transient failure leaves a valid history ending on a user turn: the run can go on later.
      return failure.retryable
        ? snapshotOnFailure(run, failure)
        : run.finish({ status: "model_error", error: failure });
    }
    if (typeof response.container?.id === "string") conversation.container = response.container.id;
    // A compaction pause (pause_after_compaction) continues like pause_turn: the reply goes back as is.
    const paused = response.stop_reason === "pause_turn" || response.stop_reason === "compaction";
    // maxPauseTurns bounds consecutive pauses: any other reply starts the count again.
    if (!paused) pauseTurns = 0;
    const toolUses = response.content.filter(isToolUse);
    run.emit({
      type: "response",
      index,
      stopReason: response.stop_reason,
      toolUses: toolUses.length,
      usage: response.usage ?? { input_tokens: 0, output_tokens: 0 },
      cumulativeUsage: run.usage,
      durationMs: run.elapsed(startedAt),
      ...(context === undefined ? {} : { context }),
    });
    const toolsRun = batch !== undefined && response.stop_reason === "tool_use" && toolUses.length > 0;
    try {
      const stored = storedTurn(response.content, toolsRun);
      if (stored.length > 0) conversation.append({ role: "assistant", content: stored as ContentBlock[] });
    } catch {
      // A reply that cannot be serialised (e.g. nested deeper than JSON.stringify allows) can never be sent
      // back in the history: nothing of it runs, and the run ends as an invalid response, not an internal bug.
      await batch?.discard();
      return run.finish({ status: "model_error", error: UNSERIALIZABLE_RESPONSE });
    }

    if (toolsRun) {
      // Awaited only when the checkpoint option returned a promise: no checkpoint, no wait.
      const saving = checkpointRun(run, toolUses.length);
      if (saving !== undefined) await saving;
      const ended = answerTurn(run, await batch!.settle(toolUses));
      if (ended !== undefined) return ended;
      const saved = checkpointRun(run);
      if (saved !== undefined) await saved;
      continue;
    }
    const discarding = batch?.discard();
    if (discarding !== undefined) await discarding;
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
    if (paused) {
      pauseTurns += 1;
      if (pauseTurns <= options.maxPauseTurns) {
        const saving = checkpointRun(run);
        if (saving !== undefined) await saving;
        continue;
      }
      return run.finish(
        { status: "max_pause_turns", stopDetails: { ...stopDetailsOf(response), limit: "maxPauseTurns" } },
        textOf(response),
      );
    }
    const status = answeredStatus(response, final);
    if (status === undefined) return run.finish({ status: "model_error", error: INVALID_RESPONSE });
    // stopDetailsOf returns a fresh object: copied again only to add the limit.
    const details = stopDetailsOf(response);
    const stopDetails =
      status === "max_iterations" ? { ...details, limit: "maxIterations" as const } : details;
    return run.finish({ status, stopDetails }, textOf(response));
  }
}

/**
 * One turn's settled tool calls: the run goes on (undefined, the round answered; the caller checkpoints it
 * next) or ends (aborted, or paused on held calls).
 */
function answerTurn(run: RunState, settled: Awaited<ReturnType<ToolBatch["settle"]>>): RunResult | undefined {
  const { results, aborted, held } = settled;
  if (aborted) {
    run.conversation.append({ role: "user", content: results });
    return run.finish({ status: "aborted" });
  }
  if (held.length > 0) return pauseRun(run, results, held);
  run.answerTurn(results);
  return undefined;
}

const invalidResponse = Symbol("invalid response");
const ABORTED = {
  kind: "aborted",
  message: "The run was aborted during the request.",
  retryable: false,
} as const;
