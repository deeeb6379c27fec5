import {
  type ErrorOutcome,
  isToolOutcome,
  type JsonValue,
  type Recovery,
  recoveryFor,
  type ToolOutcome,
} from "@keel/errors";
import { outcomeFromFailure } from "./failure-outcome.js";
import { isSubagentReport } from "./report-json.js";
import type { CoordinatorDecision, SubagentReport } from "./types.js";

export interface CoordinatorPolicyOptions {
  /** 1-based attempt that produced this result. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** Did this attempt change the subagent's input? Default false (a validation failure then escalates on a repeat). */
  readonly argumentsChanged?: boolean | undefined;
  /**
   * Top-level fields a usable result's data must hold (not null). A success or empty result missing one
   * escalates, e.g. `["resolved_basis"]`: an unresolved cap basis is never reported as zero exposure.
   */
  readonly requiredFields?: readonly string[] | undefined;
}

const DECISIONS: Readonly<Record<Recovery, CoordinatorDecision>> = {
  retry: "retry",
  "revise-arguments": "revise",
  escalate: "escalate",
  answer: "answer",
};

type Reading = { readonly error: ErrorOutcome } | { readonly data: JsonValue | undefined };

function read(result: SubagentReport | ToolOutcome): Reading | undefined {
  if (isToolOutcome(result)) {
    if (result.kind === "error") return { error: result };
    // A subagent tool's success or empty outcome carries its report: judge the report.
    return isSubagentReport(result.data) ? read(result.data) : { data: result.data as JsonValue | undefined };
  }
  if (!isSubagentReport(result)) return undefined;
  return result.status === "failed" ? { error: outcomeFromFailure(result.failure) } : { data: result.data };
}

function hasField(data: JsonValue | undefined, field: string): boolean {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return false;
  return Object.hasOwn(data, field) && data[field] !== null && data[field] !== undefined;
}

/**
 * Decides what a coordinator does with a subagent's report or outcome, from its fields alone (category,
 * retryable, code and data; never the text), through `recoveryFor`. Transient retries while attempts
 * remain, validation asks for a revised input, business/permission/unclassified escalate; a result that
 * is not a report or outcome, or lacks a required field, escalates rather than answering.
 */
export function coordinatorPolicy(
  result: SubagentReport | ToolOutcome,
  options: CoordinatorPolicyOptions,
): CoordinatorDecision {
  const { attempt, maxAttempts, argumentsChanged = false, requiredFields = [] } = options;
  const reading = read(result);
  if (reading === undefined) return "escalate";
  const outcome: ToolOutcome =
    "error" in reading ? reading.error : { kind: "success", isError: false, data: null };
  const decision = DECISIONS[recoveryFor(outcome, { attempt, maxAttempts, argumentsChanged })];
  // A failure is never answered as if it were a result.
  if ("error" in reading) return decision === "answer" ? "escalate" : decision;
  if (decision !== "answer") return decision;
  return requiredFields.every((field) => hasField(reading.data, field)) ? "answer" : "escalate";
}
