import type { HeldCall } from "@keel/tool-call";
import type { ToolCall } from "@keel/tools";
import type { ToolResultBlock } from "@keel/wire";
import { isThenable } from "@keel/wire/internal";
import type { RunError, RunResult } from "./run-result.js";
import { type PendingCall, RUN_SNAPSHOT_VERSION, type RunSnapshot } from "./run-snapshot.js";
import type { RunState } from "./run-state.js";

/** One held call of the paused turn: its place among the turn's tool_use blocks, the call, and why. */
export interface HeldPlace {
  readonly index: number;
  readonly call: ToolCall;
  readonly held: HeldCall & { readonly hook?: string };
}

/**
 * Ends the run with `awaiting_approval` and a snapshot. Every call of the turn that was not held has already
 * run and its tool_result is in the snapshot, so a resume never runs it again.
 */
export function pauseRun(
  run: RunState,
  results: readonly (ToolResultBlock | null)[],
  held: readonly HeldPlace[],
): RunResult {
  const heldPlaces = new Set(held.map((place) => place.index));
  const snapshot: RunSnapshot = {
    ...baseSnapshot(run),
    status: "awaiting_approval",
    results: results.map((block, index) => (heldPlaces.has(index) ? null : block)),
    pending: held.map(pendingOf(run.runId)),
  };
  return run.finish({ status: "awaiting_approval", snapshot });
}

/**
 * Ends the run with `model_error` after a transient model failure (overloaded, rate limited, a dropped
 * stream), with a snapshot to continue from: the history ends on a user turn, every call so far answered,
 * and a resume keeps the run id, so the idempotency keys of its writes stay the same.
 */
export function snapshotOnFailure(run: RunState, error: RunError): RunResult {
  const snapshot: RunSnapshot = { ...baseSnapshot(run), status: "model_error", results: [], pending: [] };
  return run.finish({ status: "model_error", error, snapshot });
}

/**
 * Hands the run's state to the `checkpoint` option, when there is one: a `running` snapshot whose history ends
 * on a user turn (the next step is a model request) or on the assistant turn whose `toolUses` have not run.
 * Returns what the caller must await before going on (the save's promise), or undefined when there is nothing
 * to wait for (no `checkpoint` option, or one that returned no promise): the common path stays synchronous.
 * A save that throws throws here, where the caller would have seen it rejected.
 */
export function checkpointRun(run: RunState, toolUses = 0): PromiseLike<void> | undefined {
  const save = run.options.checkpoint;
  if (save === undefined) return undefined;
  const results = new Array<null>(toolUses).fill(null);
  const saved: unknown = save({ ...baseSnapshot(run), status: "running", results, pending: [] });
  return isThenable(saved) ? (saved as PromiseLike<void>) : undefined;
}

function baseSnapshot(run: RunState): Omit<RunSnapshot, "status" | "results" | "pending"> {
  const { options } = run;
  return {
    version: RUN_SNAPSHOT_VERSION,
    runId: run.runId,
    model: options.model,
    maxTokens: options.maxTokens,
    maxIterations: options.maxIterations,
    ...(options.system === undefined ? {} : { system: options.system }),
    metadata: jsonOnly(options.metadata),
    tools: [...run.toolset.names],
    iterations: run.toolRounds,
    modelRequests: run.modelRequests,
    usage: run.usage,
    calls: [...run.snapshotCalls],
    messages: [...run.conversation.messages],
  };
}

const pendingOf =
  (runId: string) =>
  ({ call, held }: HeldPlace): PendingCall => ({
    approvalId: `${runId}:${call.id}`,
    toolUseId: call.id,
    name: call.name,
    input: call.input,
    reason: held.reason,
    ...(held.approver === undefined ? {} : { approver: held.approver }),
    ...(held.hook === undefined ? {} : { hook: held.hook }),
  });

/** A snapshot holds JSON only: values JSON cannot carry (functions, secrets behind getters) are dropped. */
function jsonOnly<T>(value: T): T {
  return JSON.parse(JSON.stringify(value) ?? "null") as T;
}
