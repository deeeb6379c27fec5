import type { RunStatus } from "@keel/loop";
import type { ToolCallDecision } from "@keel/loop/internal";
import type { Message } from "@keel/wire";
import type { StagedFault } from "../backend/faults.js";

/** What a run did, tool_use block by tool_use block where a list is given. */
export interface RunSummary {
  readonly status: RunStatus;
  /** The tools whose outcome entered the history (a redirect shows its target; a block shows nothing). */
  readonly executedTools: readonly string[];
  /** The pre-hook decision of each tool_use block. */
  readonly decisions: readonly ToolCallDecision[];
  /** The outcome code of each tool_use block; null for a success. */
  readonly codes: readonly (string | null)[];
  /** Handler runs per tool_use block (retries included; 0 when nothing ran). */
  readonly attempts: readonly number[];
  /** An escalation ticket was opened. */
  readonly escalated: boolean;
  /** Orders that received a new refund during the run. */
  readonly refundedOrders: readonly string[];
}

/** A scripted support conversation: the customer's message, the model's responses, what must happen. */
export interface SupportScenario {
  readonly name: string;
  readonly description: string;
  /** The customer's message: the run's prompt. */
  readonly request: string;
  /** Messages API response objects, served in order by a ScriptedClient. */
  readonly responses: readonly Message[];
  readonly faults: readonly StagedFault[];
  /** Passed to the run as ToolContext/HookContext metadata (e.g. the caller's role). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The summary of a correct run, with the loop's default retries (3 attempts per call). */
  readonly expect: RunSummary;
}
