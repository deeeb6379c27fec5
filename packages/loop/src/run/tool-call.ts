import { type ToolOutcome, toToolResultBlock, unclassifiedError } from "@keel/errors";
import type { CompletedCall, HookContext } from "@keel/hooks";
import { type HeldCall, resolveToolCall, type ToolCallResolution } from "@keel/tool-call";
import type { ToolCall } from "@keel/tools";
import type { RunState } from "./run-state.js";
import type { ToolCallRecord } from "./tool-call-record.js";

/** A finished call, not yet entered into the run (an eager call may still be discarded). */
export interface CallResult {
  readonly record: ToolCallRecord;
  readonly block: ReturnType<typeof toToolResultBlock>;
  readonly completed: CompletedCall;
  /** A non-error outcome of a `reuse: true` read tool, to remember under this key. */
  readonly reuse?: { readonly key: string; readonly outcome: ToolOutcome };
  /** Set when a hook held the call for a person: nothing ran, and the run pauses. */
  readonly held?: HeldCall;
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/**
 * One tool_use of a turn through the one tool-call path (`resolveToolCall`), as a record and a tool_result.
 * `context` is the hook context of its batch (round, calls, signal); `approved`: a person approved this
 * call, so a hook's hold counts as allow.
 */
export async function resolveToolUse(
  run: RunState,
  call: ToolCall,
  context: HookContext,
  eager: boolean,
  approved: boolean,
): Promise<CallResult> {
  const { preHooks, postHooks } = run.options;
  const { toolset } = run;
  const span = run.telemetry?.startTool(call);
  const resolve = () =>
    resolveToolCall(call, {
      toolset,
      preHooks,
      postHooks,
      context,
      retry: run.options.toolRetry,
      onRetry: (event) =>
        run.emit({
          type: "retry",
          id: event.toolUseId,
          tool: event.tool,
          attempt: event.attempt,
          delayMs: event.delayMs,
          code: event.code,
        }),
      reuse: run.reusable,
      clock: run.options.now,
      ...(approved ? { approved: true } : {}),
    });
  if (span === undefined) return toResult(await resolve(), context.iteration, eager);
  // The call runs with its span active: an MCP client inside carries the trace to its server.
  const resolution = await span.run(resolve);
  const result = toResult(resolution, context.iteration, eager);
  span.end(resolution, result.record);
  return result;
}

function toResult(resolution: ToolCallResolution, iteration: number, eager: boolean): CallResult {
  const { requested, executed, attempts, reused, reusable, durationMs } = resolution;
  const { outcome, block } = serializable(requested.id, resolution.outcome);
  const record: Mutable<ToolCallRecord> = {
    id: requested.id,
    requested: requested.name,
    executed: executed?.name ?? null,
    input: requested.input,
    decision: resolution.decision,
    outcome,
    isError: outcome.isError,
    attempts,
    durationMs,
    reused,
    eager,
    iteration,
  };
  // Optional fields are set only when present (exactOptionalPropertyTypes; no undefined in the JSON).
  if (executed !== null && resolution.decision !== "allow") record.executedInput = executed.input;
  if (resolution.hook !== undefined) record.hook = resolution.hook;
  if (outcome.kind === "error") record.category = outcome.category;
  if (outcome.kind !== "success") record.code = outcome.code;
  const result: Mutable<CallResult> = {
    record,
    block,
    completed: { call: requested, executed: executed?.name ?? requested.name, outcome },
  };
  if (reusable !== undefined) result.reuse = reusable;
  if (resolution.held !== undefined) result.held = resolution.held;
  return result;
}

/**
 * The tool_result block for an outcome. An outcome JSON cannot represent (nested deeper than the engine's
 * stack allows) would throw while serialising; it becomes an unclassified error the model can act on instead.
 */
function serializable(
  toolUseId: string,
  outcome: ToolOutcome,
): { outcome: ToolOutcome; block: ReturnType<typeof toToolResultBlock> } {
  try {
    return { outcome, block: toToolResultBlock(toolUseId, outcome) };
  } catch {
    const replacement = unclassifiedError(
      "UNSERIALIZABLE_RESULT",
      "The tool ran but its result cannot be serialised for you (nested too deeply or not JSON). " +
        "Do not repeat the same call; tell the user the result could not be read.",
    );
    return { outcome: replacement, block: toToolResultBlock(toolUseId, replacement) };
  }
}
