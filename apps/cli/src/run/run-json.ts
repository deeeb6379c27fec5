import { isRecord, unwrapRedirect } from "@keel/errors/internal";
import type { RunResult, ToolCallRecord } from "@keel/loop";
import type { ToolCallDecision } from "@keel/loop/internal";

/** One tool_use block as `keel run --json` reports it. `category` and `code` are null on success. */
export interface ToolCallJson {
  readonly id: string;
  readonly requested: string;
  readonly executed: string | null;
  readonly input: unknown;
  /** null only when the call failed input validation and never reached the hooks. */
  readonly decision: ToolCallDecision;
  readonly isError: boolean;
  readonly category: string | null;
  readonly code: string | null;
  readonly attempts: number;
}

/** A ticket opened during the run (by the model or by a hook's redirect). */
export interface EscalationJson {
  readonly toolUseId: string;
  readonly ticketId: string | null;
  readonly status: string | null;
  readonly category: string | null;
  readonly summary: string | null;
  readonly customerId: string | null;
  readonly pendingRefund: unknown;
  /** The tool the model asked for when a hook redirected it here (e.g. process_refund), else null. */
  readonly redirectedFrom: string | null;
}

/** Why a `model_error` run failed: the library's `RunResult.error`, every field present. */
export interface RunErrorJson {
  readonly kind: string;
  /** The HTTP status, when the API answered with one. */
  readonly status: number | null;
  readonly retryable: boolean;
  /** The server's requested wait, when it sent one. */
  readonly retryAfterMs: number | null;
  readonly message: string;
  /** `maxInputTokens` when the run's own budget (`--max-input-tokens`) refused the request, else null. */
  readonly limit: string | null;
}

/** How the last response ended the run: the library's `RunResult.stopDetails`, every field present. */
export interface StopJson {
  readonly stopReason: string | null;
  readonly stopSequence: string | null;
  /** The API's `stop_details` (a refusal's explanation, say), else null. */
  readonly details: unknown;
  /** The loop bound that ended the run (`maxIterations`, `maxPauseTurns`), else null. */
  readonly limit: string | null;
}

/**
 * The one JSON object `keel run --json` prints. `status`, `runId`, `text`, `iterations`, `modelRequests` and
 * `usage` are the library's `RunResult` fields as they are (billed input = `usage.input_tokens` +
 * `usage.context_management.compaction`), so the contract cannot drift from the result it reports.
 */
export interface RunJson
  extends Pick<RunResult, "status" | "runId" | "text" | "iterations" | "modelRequests" | "usage"> {
  /** The ticket that holds the run when it waits for a supervisor (`--hold`), else null. */
  readonly ticket: string | null;
  /** Why the run failed (`model_error`), else null. */
  readonly error: RunErrorJson | null;
  /** How the last response ended it (`refused`, `truncated`, `context_window_exceeded`, …), else null. */
  readonly stop: StopJson | null;
  readonly toolCalls: readonly ToolCallJson[];
  readonly escalations: readonly EscalationJson[];
}

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function toolCallJson(call: ToolCallRecord): ToolCallJson {
  const succeeded = call.outcome.kind === "success";
  return {
    id: call.id,
    requested: call.requested,
    executed: call.executed,
    input: call.input,
    decision: call.decision,
    isError: call.isError,
    category: succeeded ? null : (call.category ?? null),
    code: succeeded ? null : (call.code ?? null),
    attempts: call.attempts,
  };
}

/** Every successful escalate_to_human call, with the ticket it opened and what it carries. */
export function escalationsOf(result: Pick<RunResult, "toolCalls">): EscalationJson[] {
  return result.toolCalls.flatMap((call) => {
    const outcome = unwrapRedirect(call.outcome);
    if (call.executed !== "escalate_to_human" || outcome.kind !== "success") return [];
    const data = record(outcome.data);
    const input = record(call.executedInput ?? call.input);
    return [
      {
        toolUseId: call.id,
        ticketId: text(data.ticket_id),
        status: text(data.status),
        category: text(data.category) ?? text(input.category),
        summary: text(input.summary),
        customerId: text(input.customer_id),
        pendingRefund: input.pending_refund ?? null,
        redirectedFrom: call.requested === call.executed ? null : call.requested,
      },
    ];
  });
}

/** The `--json` contract: exactly these keys, in this order. */
export function runJson(result: RunResult, ticket: string | null = null): RunJson {
  return {
    status: result.status,
    runId: result.runId,
    ticket,
    error: errorJson(result),
    stop: stopJson(result),
    text: result.text,
    iterations: result.iterations,
    modelRequests: result.modelRequests,
    toolCalls: result.toolCalls.map(toolCallJson),
    escalations: escalationsOf(result),
    // The library's usage whole: the four message-step totals, then what was billed apart from them
    // (`context_management.compaction`, `failed_attempts`) and the server tools' requests, when present.
    usage: { ...result.usage },
  };
}

function errorJson(result: RunResult): RunErrorJson | null {
  const error = "error" in result ? result.error : undefined;
  if (error === undefined) return null;
  return {
    kind: error.kind,
    status: error.status ?? null,
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs ?? null,
    message: error.message,
    limit: error.limit ?? null,
  };
}

function stopJson(result: RunResult): StopJson | null {
  const stop = "stopDetails" in result ? result.stopDetails : undefined;
  if (stop === undefined) return null;
  return {
    stopReason: stop.stopReason,
    stopSequence: stop.stopSequence,
    details: stop.details ?? null,
    limit: stop.limit ?? null,
  };
}
