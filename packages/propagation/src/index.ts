export type { BudgetAnnouncement } from "./budget.js";
export { budgetMetadata } from "./budget.js";
export type { CoordinatorPolicyOptions } from "./coordinator-policy.js";
export { coordinatorPolicy } from "./coordinator-policy.js";
export type { FlattenedResult } from "./flatten-to-failed.js";
export { flattenToFailed } from "./flatten-to-failed.js";
export { PropagationConfigError } from "./propagation-config-error.js";
export type { ReportOptions } from "./report-from-run.js";
export { reportFromRun } from "./report-from-run.js";
export type { ParsedReport } from "./report-json.js";
export { isSubagentReport, parseReport, toJson } from "./report-json.js";
export { outcomeFromReport } from "./report-outcome.js";
export type { SubagentAgent, SubagentToolSpec } from "./subagent-tool.js";
export { subagentTool } from "./subagent-tool.js";
export type {
  Budget,
  CoordinatorDecision,
  EmptyReport,
  FailedReport,
  ReportBase,
  SubagentFailure,
  SubagentReport,
  SubagentRun,
  SubagentToolCall,
  SucceededReport,
} from "./types.js";
