import { permissionError, toToolResultBlock } from "@keel/errors";
import type { ToolResultBlock, ToolUseBlock } from "@keel/wire";
import { type ApprovalDecision, type ApprovalKey, verifyDecision } from "./approvals.js";
import { pauseRun } from "./pause-run.js";
import { continueRun } from "./run-loop.js";
import type { RunOptions } from "./run-options.js";
import { resolveRunOptions } from "./run-options-schema.js";
import type { RunResult } from "./run-result.js";
import { type PendingCall, parseRunSnapshot, type RunSnapshot } from "./run-snapshot.js";
import { RunSnapshotError } from "./run-snapshot-error.js";
import { RunState } from "./run-state.js";
import { ToolBatch } from "./tool-batch.js";

/**
 * What `resumeRun` takes besides the snapshot and the decisions: the parts a snapshot never holds (client,
 * tools, hooks, the approval key) and the run's behaviour options. Model, max tokens, iterations, system
 * prompt and run id come from the snapshot.
 */
export interface ResumeOptions
  extends Omit<
    RunOptions,
    "prompt" | "messages" | "model" | "maxTokens" | "maxIterations" | "system" | "idGenerator"
  > {
  /** The key decisions were signed with (`approveCall` / `rejectCall`); from configuration. Not needed without decisions. */
  readonly approvalKey?: ApprovalKey | undefined;
}

/**
 * Continues a run paused with `awaiting_approval` — or stopped by a transient model failure (`model_error`
 * with a snapshot: pass no decisions), or saved by a `checkpoint` (`running`: pass no decisions) — in this
 * process or any other, hours later. From a checkpoint, what it saved never runs again: a saved response is
 * not requested again, and saved tool results are not run again; tool calls of a saved response that had not
 * settled run (again) with their original idempotency keys, and a model request that was next is sent and
 * counted in `usage.repeated_requests` (the stopped process may have sent it). Each decided
 * call is settled: an approved one runs through the one tool-call path again — validation and every pre-hook,
 * a hold counting as allow — with its original idempotency key (same run id, tool and input), so a resume
 * repeated after a crash pays once; a rejected one answers the model with a `permission` error saying a
 * person declined and why. Undecided calls stay pending (the result pauses again with them). Once every call
 * of the turn is answered the loop continues as usual, to a final answer or another hold.
 *
 * Throws RunSnapshotError before anything runs for a malformed or newer snapshot, a decision with a bad
 * signature or an unknown approval id, or a tool set that differs from the paused run's.
 */
export async function resumeRun(
  snapshotValue: RunSnapshot | string,
  decisions: readonly ApprovalDecision[],
  options: ResumeOptions,
): Promise<RunResult> {
  const snapshot = parseRunSnapshot(snapshotValue);
  const byId = checkDecisions(snapshot, decisions, options.approvalKey);
  const failed = snapshot.status === "model_error";
  // A checkpoint or a failure that ends on a user turn carries the whole history in `messages`.
  const whole = failed || snapshot.messages.at(-1)!.role === "user";
  const { approvalKey: _key, ...runOptions } = options;
  const resolved = resolveRunOptions({
    ...runOptions,
    model: snapshot.model,
    maxTokens: snapshot.maxTokens,
    maxIterations: snapshot.maxIterations,
    ...(snapshot.system === undefined ? {} : { system: snapshot.system }),
    metadata: options.metadata ?? snapshot.metadata,
    messages: whole ? snapshot.messages : snapshot.messages.slice(0, -1),
    idGenerator: () => snapshot.runId,
  });
  checkTools(snapshot, resolved.toolset.names);
  // The paused assistant turn (after `messages`) and the counters come back from the snapshot.
  const run = await RunState.start(resolved, snapshot);
  // After a transient model failure every call is answered: the loop simply asks the model again.
  if (failed) return continueRun(run);
  if (snapshot.status === "running") return continueCheckpoint(run, snapshot);

  const results = [...snapshot.results];
  const approved = snapshot.pending.filter((call) => byId.get(call.approvalId)?.verdict === "approve");
  const settled = await runApproved(run, snapshot, approved, byId);
  for (const call of snapshot.pending) {
    const decision = byId.get(call.approvalId);
    const index = placeOf(snapshot, call);
    if (decision?.verdict === "approve") results[index] = settled.get(call.toolUseId) ?? null;
    if (decision?.verdict === "reject") results[index] = declined(run, call, decision.message);
  }
  const stillHeld = snapshot.pending.flatMap((call) => {
    const index = placeOf(snapshot, call);
    if (results[index] !== null) return [];
    return [{ index, call: { id: call.toolUseId, name: call.name, input: call.input }, held: heldOf(call) }];
  });
  if (stillHeld.length > 0) return pauseRun(run, results, stillHeld);
  run.answerTurn(results as ToolResultBlock[]);
  return continueRun(run, { checkpoint: true });
}

/**
 * Goes on from a checkpoint: the tool calls of its last turn, which had not settled when the process running
 * the run stopped (writes keep their idempotency keys), or else the model request that was next — which the
 * stopped process may have sent already, so it is counted as repeated.
 */
function continueCheckpoint(run: RunState, snapshot: RunSnapshot): Promise<RunResult> {
  const last = snapshot.messages.at(-1)!;
  if (snapshot.results.length > 0 && Array.isArray(last.content)) {
    const toolUses = last.content.filter((block) => block.type === "tool_use") as ToolUseBlock[];
    return continueRun(run, { toolUses });
  }
  run.requestRepeated();
  return continueRun(run);
}

function checkDecisions(
  snapshot: RunSnapshot,
  decisions: readonly ApprovalDecision[],
  key: ApprovalKey | undefined,
): Map<string, ApprovalDecision> {
  if (!Array.isArray(decisions)) {
    throw new RunSnapshotError("INVALID_APPROVAL", "resumeRun: decisions must be an array.");
  }
  const pending = new Map(snapshot.pending.map((call) => [call.approvalId, call]));
  const byId = new Map<string, ApprovalDecision>();
  for (const decision of decisions) {
    const call = pending.get(decision?.approvalId);
    if (call === undefined || byId.has(decision.approvalId)) {
      throw new RunSnapshotError(
        "INVALID_APPROVAL",
        `resumeRun: ${JSON.stringify(String(decision?.approvalId))} is not a pending call of this snapshot ` +
          "(or is decided twice); nothing was run.",
      );
    }
    verifyDecision(call, decision, key as ApprovalKey);
    byId.set(decision.approvalId, decision);
  }
  return byId;
}

function checkTools(snapshot: RunSnapshot, names: readonly string[]): void {
  const now = new Set(names);
  const before = new Set(snapshot.tools);
  const missing = [...before].filter((name) => !now.has(name));
  const extra = [...now].filter((name) => !before.has(name));
  if (missing.length === 0 && extra.length === 0) return;
  throw new RunSnapshotError(
    "TOOLS_CHANGED",
    `resumeRun: the tools differ from the paused run's (missing: ${missing.join(", ") || "none"}; ` +
      `new: ${extra.join(", ") || "none"}). Resume with the same tools the run was paused with.`,
  );
}

/** Runs the approved calls as one batch (reads together, writes in order), their holds counting as allow. */
async function runApproved(
  run: RunState,
  snapshot: RunSnapshot,
  approved: readonly PendingCall[],
  byId: ReadonlyMap<string, ApprovalDecision>,
): Promise<Map<string, ToolResultBlock>> {
  const settled = new Map<string, ToolResultBlock>();
  if (approved.length === 0) return settled;
  const blocks: ToolUseBlock[] = approved.map((call) => {
    const decision = byId.get(call.approvalId);
    const input =
      decision?.verdict === "approve" && decision.input !== undefined ? decision.input : call.input;
    return { type: "tool_use", id: call.toolUseId, name: call.name, input } as ToolUseBlock;
  });
  const batch = new ToolBatch(run, snapshot.iterations + 1, new Set(blocks.map((block) => block.id)));
  const { results } = await batch.settle(blocks);
  for (const [index, block] of blocks.entries()) settled.set(block.id, results[index]!);
  return settled;
}

function declined(run: RunState, call: PendingCall, message: string): ToolResultBlock {
  const outcome = permissionError(
    "DECLINED_BY_PERSON",
    `A person declined "${call.name}": ${message}. It was NOT run. Do not retry it; tell the user what was ` +
      "decided and why.",
    { details: { tool: call.name, approval_id: call.approvalId } },
  );
  run.recordCalls([
    {
      id: call.toolUseId,
      requested: call.name,
      executed: null,
      input: call.input,
      decision: "hold",
      outcome,
      isError: true,
      category: outcome.category,
      code: outcome.code,
      attempts: 0,
      durationMs: 0,
      reused: false,
      eager: false,
      iteration: run.toolRounds + 1,
    },
  ]);
  run.completeCall({
    call: { id: call.toolUseId, name: call.name, input: call.input },
    executed: call.name,
    outcome,
  });
  return toToolResultBlock(call.toolUseId, outcome) as ToolResultBlock;
}

const placeOf = (snapshot: RunSnapshot, call: PendingCall): number => {
  const turn = snapshot.messages.at(-1)!.content as ReadonlyArray<{ type: string; id?: string }>;
  return turn.filter((block) => block.type === "tool_use").findIndex((block) => block.id === call.toolUseId);
};

const heldOf = (call: PendingCall) => ({
  reason: call.reason,
  ...(call.approver === undefined ? {} : { approver: call.approver }),
  ...(call.hook === undefined ? {} : { hook: call.hook }),
});
