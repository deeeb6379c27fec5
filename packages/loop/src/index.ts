export type {
  ContentBlock,
  Message,
  MessageCreateRequest,
  MessageParam,
  MessageTemplate,
  RequestContentBlock,
  StopReason,
  TextBlock,
  ToolResultBlock,
  ToolUseBlock,
  Usage,
} from "@keel/wire";
export type {
  AnthropicClientOptions,
  AnthropicSdkClient,
  Cassette,
  CassetteInteraction,
  ModelClient,
  ModelClientErrorFields,
  ModelClientErrorKind,
  ModelClientErrorOptions,
  ModelRequestOptions,
  ModelStreamEvent,
  PlanContext,
  PlanFunction,
  PlanStep,
  RecordedError,
  RecordingClientOptions,
  ReplayClientOptions,
  ScratchpadEntry,
  ScriptedClientOptions,
  ScriptFunction,
  ScriptStep,
} from "./clients/index.js";
export {
  AnthropicClient,
  checkScript,
  loadScript,
  ModelClientError,
  PlanFunctionClient,
  RecordingClient,
  ReplayClient,
  ScriptedClient,
} from "./clients/index.js";
export { DEFAULT_MODEL } from "./default-model.js";
export type { ApprovalDecision, ApprovalKey } from "./run/approvals.js";
export { approveCall, rejectCall } from "./run/approvals.js";
export { formatTrace } from "./run/format-trace.js";
export type { ResumeOptions } from "./run/resume-run.js";
export { resumeRun } from "./run/resume-run.js";
export { FINAL_ANSWER_INSTRUCTION, runAgent } from "./run/run-agent.js";
export type { RetryOptions, RunOptions } from "./run/run-options.js";
export { RunOptionsError } from "./run/run-options-error.js";
export type {
  RunError,
  RunResult,
  RunStatus,
  RunUsage,
  StopDetails,
  ToolCallDecision,
  ToolCallRecord,
} from "./run/run-result.js";
export type { PendingCall, RunSnapshot } from "./run/run-snapshot.js";
export { parseRunSnapshot, RUN_SNAPSHOT_VERSION } from "./run/run-snapshot.js";
export type { RunSnapshotErrorCode } from "./run/run-snapshot-error.js";
export { RunSnapshotError } from "./run/run-snapshot-error.js";
export type {
  EagerDiscardedEvent,
  EndEvent,
  ModelRetryEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RunStartEvent,
  ToolCallEvent,
  ToolUseIgnoredEvent,
  TraceEvent,
} from "./run/trace-events.js";
export type {
  TelemetryAttributes,
  TelemetryAttributeValue,
  TelemetryHistogram,
  TelemetryMeter,
  TelemetryOptions,
  TelemetrySpan,
  TelemetryTracer,
} from "./telemetry/telemetry-options.js";
