import type { ApprovalDecision, PendingCall, RunResult, RunSnapshot, RunUsage } from "@keel/loop";

/** Where a run is: waiting for a worker, held by one, cancelled, or ended with its own status. */
export type DurableRunStatus = "queued" | "running" | "cancelled" | RunResult["status"];

/** What a run asks for: the agent by name (see `AgentRegistry`), and the prompt or history. */
export interface RunRequest {
  /** The name of an agent definition every worker has in its registry. */
  readonly agent: string;
  readonly prompt?: string | undefined;
  readonly messages?: RunSnapshot["messages"] | undefined;
  /** JSON handed to the agent factory and to the run's tools and hooks. */
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
}

/** The end of a run, as stored: no trace, no history (they stay in the worker). */
export interface StoredResult {
  readonly status: RunResult["status"];
  readonly text: string;
  readonly usage: RunUsage;
  readonly modelRequests: number;
  readonly iterations: number;
  readonly error?: { readonly kind: string; readonly message: string } | undefined;
}

/** A run as `getRun` reports it. */
export interface DurableRun {
  readonly runId: string;
  readonly agent: string;
  readonly status: DurableRunStatus;
  /** How many times a worker took the run (more than 1: a worker died or was stopped while holding it). */
  readonly attempts: number;
  /** Present once the run ended (also while it awaits approval); not while it is queued or running again. */
  readonly result?: StoredResult | undefined;
  /** The calls waiting for a person, while `awaiting_approval`. */
  readonly pending: readonly PendingCall[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface RunRow {
  run_id: string;
  agent: string;
  input: RunRequest;
  status: DurableRunStatus;
  attempts: number;
  /** The last checkpoint's head; its messages and calls are rows of `checkpoint_items` (see `loadCheckpoint`). */
  checkpoint: RunSnapshot | null;
  checkpoint_messages: number | null;
  checkpoint_calls: number | null;
  decisions: ApprovalDecision[] | null;
  result: StoredResult | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function runOfRow(row: RunRow): DurableRun {
  const awaiting = row.status === "awaiting_approval" && row.checkpoint?.status === "awaiting_approval";
  return {
    runId: row.run_id,
    agent: row.agent,
    status: row.status,
    attempts: row.attempts,
    ...(row.result === null || row.status === "queued" || row.status === "running"
      ? {}
      : { result: row.result }),
    pending: awaiting ? (row.checkpoint?.pending ?? []) : [],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function storedResultOf(result: RunResult): StoredResult {
  return {
    status: result.status,
    text: result.text,
    usage: result.usage,
    modelRequests: result.modelRequests,
    iterations: result.iterations,
    ...("error" in result && result.error !== undefined
      ? { error: { kind: result.error.kind, message: result.error.message } }
      : {}),
  };
}
