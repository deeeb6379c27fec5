/**
 * `@keel/support-desk/internal`: plumbing the Keel CLI, the MCP server, the demo, bench and reliability
 * share (held-run approvals, staged faults, the data-directory lock, the store's record types, the single
 * business hooks). No semver promise: names here may change or go in any release.
 */
export type { ApprovalKeyOptions, ApprovalKeySource } from "./approvals/approval-key.js";
export { ApprovalKeyError, approvalKeyFor } from "./approvals/approval-key.js";
export { createApprovalTools } from "./approvals/approval-tools.js";
export type { DecideTicketOptions, TicketDecision, Verdict } from "./approvals/held-runs.js";
export { decideHeldTicket, decisionReportingClient, holdInTicket } from "./approvals/held-runs.js";
export type { FaultController, FaultOptions, StagedFault } from "./backend/faults.js";
export { seededRandom } from "./backend/faults.js";
export type { SeedData } from "./backend/seed.js";
export { checkDataDir, DataDirLockedError, DataDirNotADirectoryError } from "./backend/sql/data-dir-lock.js";
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
  TicketListResult,
  TicketStatus,
} from "./backend/types.js";
export { BACKEND_OPERATIONS, FAULT_KINDS } from "./backend/types.js";
export { createRemoteSupportHooks } from "./hooks/create-support-hooks.js";
export { memoryCustomerHook } from "./hooks/memory-customer-hook.js";
export type { RefundLimitOptions } from "./hooks/refund-limit-hook.js";
export { refundLimitHook } from "./hooks/refund-limit-hook.js";
export { suspendedAccountHook } from "./hooks/suspended-account-hook.js";
export { verifiedCustomerHook } from "./hooks/verified-customer-hook.js";
export { createNaiveTools } from "./tools/naive-tools.js";
export { REFUND_LIMIT } from "./tools/refund-limit.js";
