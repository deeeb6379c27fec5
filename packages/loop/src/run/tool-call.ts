import {
  outcomeFromThrown,
  type ToolOutcome,
  type ToolResultBlock,
  toToolResultBlock,
  transientError,
  unclassifiedError,
} from "@keel/errors";
import { type CompletedCall, type HookContext, runPostHooks } from "@keel/hooks";
import { canonicalJson, type Tool, type ToolCall, type ToolContext } from "@keel/tools";
import { idempotencyKey } from "./idempotency-key.js";
import type { ToolCallRecord } from "./run-result.js";
import type { RunState } from "./run-state.js";
import { runWithRetries } from "./tool-attempts.js";
import { type CallPlan, planCall } from "./tool-decision.js";

/** Where a call runs: its round, the batch it belongs to, and the signal it obeys. */
export interface CallEnvironment {
  readonly run: RunState;
  readonly iteration: number;
  readonly batch: readonly ToolCall[];
  readonly signal: AbortSignal;
}

/** A finished call, not yet entered into the run (an eager call may still be discarded). */
export interface CallResult {
  readonly record: ToolCallRecord;
  readonly block: ToolResultBlock;
  readonly completed: CompletedCall;
  /** A non-error outcome of a `reuse: true` read tool, to remember under this key. */
  readonly reuse?: { readonly key: string; readonly outcome: ToolOutcome };
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

interface Execution {
  readonly outcome: ToolOutcome;
  readonly attempts: number;
  readonly reused: boolean;
  /** The handler's own non-error outcome (before post-hooks): a later identical call reuses it. */
  readonly reuse?: { readonly key: string; readonly outcome: ToolOutcome };
}

const reuseKeyOf = (tool: Tool, input: unknown): string | undefined =>
  tool.reuse === true && tool.effect === "read" ? `${tool.name}\u0000${canonicalJson(input)}` : undefined;

/** validate → pre-hooks → run (with retries) or reuse → post-hooks → tool_result. Never rejects. */
export async function executeToolCall(
  call: ToolCall,
  environment: CallEnvironment,
  eager: boolean,
): Promise<CallResult> {
  const { run } = environment;
  const { toolset, preHooks, postHooks } = run.options;
  const startedAt = run.now();
  const hookContext = (): HookContext => ({
    runId: run.runId,
    iteration: environment.iteration,
    history: run.completedCalls,
    batch: environment.batch,
    signal: environment.signal,
    metadata: run.options.metadata,
  });
  let plan: CallPlan | undefined;
  let execution: Execution | undefined;
  try {
    if (!environment.signal.aborted) {
      const planned = planCall(call, toolset, preHooks, hookContext);
      plan = planned instanceof Promise ? await planned : planned;
      execution = plan.run
        ? await execute(plan.tool, plan.input, call, environment)
        : { outcome: plan.outcome, attempts: 0, reused: false };
      if (plan.run && postHooks.length > 0) {
        const ran: ToolCall = { id: call.id, name: plan.tool.name, input: plan.input };
        execution = {
          ...execution,
          outcome: await runPostHooks(postHooks, ran, execution.outcome, hookContext()),
        };
      }
    }
  } catch (error) {
    // Only a broken dependency gets here: the toolset and the hook runners promise not to throw.
    const outcome = outcomeFromThrown(error, { toolName: call.name });
    execution = { attempts: 0, reused: false, ...execution, outcome };
  }
  execution ??= { outcome: notRun(), attempts: 0, reused: false };
  return toResult(call, plan, execution, run.elapsed(startedAt), environment.iteration, eager);
}

const notRun = (): ToolOutcome =>
  transientError("RUN_ABORTED", "The run was aborted before this call ran; nothing was executed.");

async function execute(
  tool: Tool,
  input: unknown,
  call: ToolCall,
  environment: CallEnvironment,
): Promise<Execution> {
  const { run } = environment;
  const reuseKey = reuseKeyOf(tool, input);
  const earlier = reuseKey === undefined ? undefined : run.reusable.get(reuseKey);
  if (earlier !== undefined) return { outcome: earlier, attempts: 0, reused: true };
  const context: ToolContext = {
    signal: environment.signal,
    toolUseId: call.id,
    runId: run.runId,
    iteration: environment.iteration,
    metadata: run.options.metadata,
    ...(tool.effect === "write" ? { idempotencyKey: idempotencyKey(run.runId, tool.name, input) } : {}),
  };
  const { outcome, attempts } = await runWithRetries(run, tool, input, context);
  const reusable = reuseKey !== undefined && !outcome.isError;
  return { outcome, attempts, reused: false, ...(reusable ? { reuse: { key: reuseKey, outcome } } : {}) };
}

function toResult(
  call: ToolCall,
  plan: CallPlan | undefined,
  execution: Execution,
  durationMs: number,
  iteration: number,
  eager: boolean,
): CallResult {
  const { attempts, reused, reuse } = execution;
  const { outcome, block } = serialisable(call.id, execution.outcome);
  const executed = plan?.run ? plan.tool.name : null;
  const changedInput = plan?.run && plan.decision !== "allow";
  const record: Mutable<ToolCallRecord> = {
    id: call.id,
    requested: call.name,
    executed,
    input: call.input,
    decision: plan?.decision ?? null,
    outcome,
    isError: outcome.isError,
    attempts,
    durationMs,
    reused,
    eager,
    iteration,
  };
  // Optional fields are set only when present (exactOptionalPropertyTypes; no undefined in the JSON).
  if (changedInput) record.executedInput = plan.input;
  if (plan?.hook !== undefined) record.hook = plan.hook;
  if (outcome.kind === "error") record.category = outcome.category;
  if (outcome.kind !== "success") record.code = outcome.code;
  const result: Mutable<CallResult> = {
    record,
    block,
    completed: { call, executed: executed ?? call.name, outcome },
  };
  if (reuse !== undefined) result.reuse = reuse;
  return result;
}

/**
 * The tool_result block for an outcome. An outcome JSON cannot represent (nested deeper than the engine's
 * stack allows) would throw while serialising; it becomes an unclassified error the model can act on instead.
 */
function serialisable(
  toolUseId: string,
  outcome: ToolOutcome,
): { outcome: ToolOutcome; block: ToolResultBlock } {
  try {
    return { outcome, block: toToolResultBlock(toolUseId, outcome) };
  } catch {
    const replacement = unclassifiedError(
      "UNSERIALISABLE_RESULT",
      "The tool ran but its result cannot be serialised for you (nested too deeply or not JSON). " +
        "Do not repeat the same call; tell the user the result could not be read.",
    );
    return { outcome: replacement, block: toToolResultBlock(toolUseId, replacement) };
  }
}
