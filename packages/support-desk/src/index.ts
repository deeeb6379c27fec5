export type { ApprovalKeyOptions, ApprovalKeySource } from "./approvals/approval-key.js";
export { APPROVAL_KEY_FILE, ApprovalKeyError, approvalKeyFor } from "./approvals/approval-key.js";
export { createApprovalTools } from "./approvals/approval-tools.js";
export type { DecideTicketOptions, TicketDecision, Verdict } from "./approvals/held-runs.js";
export {
  decideHeldTicket,
  decisionReportingClient,
  HELD_RUN_FIELD,
  heldRunOf,
  holdInTicket,
  MIN_APPROVAL_KEY_BYTES,
  resumeHeldRun,
} from "./approvals/held-runs.js";
export type { FaultController, FaultOptions, StagedFault } from "./backend/faults.js";
export { seededRandom } from "./backend/faults.js";
export { storeIdempotencyRecords } from "./backend/idempotency-records.js";
export type { FaultableBackend, MemoryBackendOptions } from "./backend/memory-backend.js";
export { createMemoryBackend } from "./backend/memory-backend.js";
export type { SeedData } from "./backend/seed.js";
export { SAMPLE_DATA } from "./backend/seed.js";
export { checkDataDir, DataDirLockedError, DataDirNotADirectoryError } from "./backend/sql/data-dir-lock.js";
export type { SqlBackend, SqlBackendOptions } from "./backend/sql/sql-backend.js";
export { createSqlBackend } from "./backend/sql/sql-backend.js";
export type {
  AccountStatus,
  BackendOperation,
  Customer,
  CustomerResult,
  EscalationCategory,
  EscalationRequest,
  EscalationResult,
  FaultKind,
  Fee,
  FeeService,
  FeesResult,
  FeeWindow,
  Order,
  OrderResult,
  Refund,
  RefundRequest,
  RefundResult,
  ResolveTicketResult,
  StoreFailure,
  SupportBackend,
  Ticket,
  TicketListResult,
  TicketStatus,
} from "./backend/types.js";
export { BACKEND_OPERATIONS, FAULT_KINDS } from "./backend/types.js";
export type { SupportCode } from "./codes.js";
export { SUPPORT_CODES } from "./codes.js";
export type { SupportHooksOptions } from "./hooks/create-support-hooks.js";
export { createRemoteSupportHooks, createSupportHooks } from "./hooks/create-support-hooks.js";
export type { RefundLimitOptions } from "./hooks/refund-limit-hook.js";
export { refundLimitHook } from "./hooks/refund-limit-hook.js";
export { suspendedAccountHook } from "./hooks/suspended-account-hook.js";
export { verifiedCustomerHook } from "./hooks/verified-customer-hook.js";
export type { RunScenarioOptions } from "./scenarios/run-scenario.js";
export { runScenario } from "./scenarios/run-scenario.js";
export { findScenario, SCENARIOS } from "./scenarios/scenarios.js";
export { summarizeRun } from "./scenarios/summarize-run.js";
export type { RunSummary, SupportScenario } from "./scenarios/types.js";
export type { SupportAgent, SupportAgentOptions } from "./support-agent.js";
export { supportAgent } from "./support-agent.js";
export { SUPPORT_SYSTEM_PROMPT } from "./system-prompt.js";
export type { SupportToolsOptions } from "./tools/create-support-tools.js";
export { createSupportTools } from "./tools/create-support-tools.js";
export { createNaiveTools } from "./tools/naive-tools.js";
export { REFUND_LIMIT } from "./tools/refund-limit.js";
