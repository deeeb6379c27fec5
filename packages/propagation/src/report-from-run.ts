import { type ErrorOutcome, isErrorOutcome, type JsonObject, type JsonValue } from "@keel/errors";
import { isRecord } from "@keel/errors/internal";
import { failureFromOutcome } from "./failure-outcome.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { isSubagentReport } from "./report-json.js";
import { failureForRunStatus } from "./run-status-failures.js";
import type { SubagentReport, SubagentRun, SubagentToolCall } from "./types.js";

export interface ReportOptions {
  /**
   * Picks the report's `data` from the run. Default: the object data of every successful or empty tool
   * outcome, merged in call order (later keys win), with nested subagent reports unwrapped to their data.
   */
  readonly data?: (run: SubagentRun) => JsonValue | undefined;
}

const toolNameOf = (call: SubagentToolCall): string => call.executed ?? call.requested;

/**
 * The error the run ended on: the last error outcome that no later call repaired. A validation error
 * is repaired by any later non-error call (the model revised its call, perhaps to another tool); any
 * other error only by a later non-error call of the same tool.
 */
function unrepairedError(calls: readonly SubagentToolCall[]): SubagentToolCall | undefined {
  for (let index = calls.length - 1; index >= 0; index -= 1) {
    const call = calls[index];
    if (call === undefined || !isErrorOutcome(call.outcome)) continue;
    const category = call.outcome.category;
    const repaired = calls
      .slice(index + 1)
      .some(
        (later) =>
          !later.outcome.isError && (category === "validation" || toolNameOf(later) === toolNameOf(call)),
      );
    if (!repaired) return call;
  }
  return undefined;
}

/** JSON-safe copy (Dates become strings, undefined fields vanish); `undefined` when not serialisable. */
function jsonCopy(value: unknown): JsonValue | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as JsonValue);
  } catch {
    return undefined;
  }
}

function mergedData(run: SubagentRun): JsonValue | undefined {
  let merged: JsonObject | undefined;
  for (const call of run.toolCalls) {
    if (call.outcome.isError) continue;
    const raw = call.outcome.data;
    const data = jsonCopy(isSubagentReport(raw) ? raw.data : raw);
    if (isRecord(data)) merged = { ...merged, ...data };
  }
  return merged;
}

/**
 * Builds the report a subagent hands its coordinator. Decided in this order: an aborted run fails
 * with SUBAGENT_ABORTED; else the last unrepaired tool error decides (its category, code and retryable
 * kept, its tool and path carried); else a non-completed status maps to a SUBAGENT_* failure; else the
 * last tool outcome says succeeded or empty. The final text never decides anything.
 */
export function reportFromRun(agent: string, run: SubagentRun, options: ReportOptions = {}): SubagentReport {
  if (typeof agent !== "string" || agent.length === 0) {
    throw new PropagationConfigError("reportFromRun: agent must be a non-empty string.");
  }
  const selected = options.data === undefined ? mergedData(run) : jsonCopy(options.data(run));
  const head = { agent, text: run.text, ...(selected === undefined ? {} : { data: selected }) };
  const statusFailure = failureForRunStatus(run);
  const decisive = run.status === "aborted" ? undefined : unrepairedError(run.toolCalls);
  if (decisive !== undefined) {
    const failure = failureFromOutcome(decisive.outcome as ErrorOutcome, {
      agent,
      tool: toolNameOf(decisive),
    });
    return { ...head, status: "failed", failure };
  }
  if (statusFailure !== undefined) {
    return { ...head, status: "failed", failure: { ...statusFailure, tool: null, path: [agent] } };
  }
  const last = run.toolCalls.at(-1)?.outcome;
  if (last?.kind === "empty") {
    return { ...head, status: "empty", empty: { code: last.code, message: last.message } };
  }
  return { ...head, status: "succeeded" };
}
