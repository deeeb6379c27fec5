export type {
  AnthropicClientOptions,
  ModelClient,
  ModelClientErrorKind,
  ModelRequestOptions,
  ModelStreamEvent,
  ScriptStep,
} from "./clients/index.js";
export {
  AnthropicClient,
  loadScript,
  ModelClientError,
  PlanFunctionClient,
  RecordingClient,
  ReplayClient,
  ScriptedClient,
} from "./clients/index.js";
export { DEFAULT_MODEL } from "./default-model.js";
export type { RetryOptions } from "./retry-options.js";
export type { ApprovalDecision } from "./run/approvals.js";
export { approveCall, rejectCall } from "./run/approvals.js";
export type { ContextOptions } from "./run/context-options.js";
export type { ContextUsage } from "./run/context-usage.js";
export { formatTrace } from "./run/format-trace.js";
export type { ResumeOptions } from "./run/resume-run.js";
export { resumeRun } from "./run/resume-run.js";
export { runAgent } from "./run/run-agent.js";
export type { RunOptions } from "./run/run-options.js";
export { RunOptionsError } from "./run/run-options-error.js";
export type { RunError, RunResult } from "./run/run-result.js";
export type { PendingCall, RunSnapshot } from "./run/run-snapshot.js";
export { parseRunSnapshot } from "./run/run-snapshot.js";
export { RunSnapshotError } from "./run/run-snapshot-error.js";
export type { RunStatus } from "./run/run-status.js";
export type { ToolCallRecord } from "./run/tool-call-record.js";
export type { TraceEvent } from "./run/trace-events.js";
export type { RunUsage } from "./run/usage.js";
export type { TelemetryOptions } from "./telemetry/telemetry-options.js";
