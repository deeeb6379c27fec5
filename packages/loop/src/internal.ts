/**
 * `@keel/loop/internal`: plumbing other Keel packages need (the CLI's script check and trace rendering, the
 * final-answer text, the snapshot format version, the shapes behind public options and trace events). No
 * semver promise: it may change in any release.
 */
export type {
  AnthropicSdkClient,
  Cassette,
  CassetteInteraction,
  ModelClientErrorFields,
  ModelClientErrorOptions,
  PlanContext,
  PlanFunction,
  PlanStep,
  RecordedError,
  RecordingClientOptions,
  ReplayClientOptions,
  ScratchpadEntry,
  ScriptedClientOptions,
  ScriptFunction,
} from "./clients/index.js";
export { checkScript } from "./clients/index.js";
export type { ApprovalKey } from "./run/approvals.js";
export type { RunContextSettings } from "./run/context-settings.js";
export type { ResponseContext } from "./run/context-usage.js";
export { FINAL_ANSWER_INSTRUCTION } from "./run/final-answer.js";
export type { StopDetails } from "./run/run-result.js";
export { RUN_SNAPSHOT_VERSION } from "./run/run-snapshot.js";
export type { RunSnapshotErrorCode } from "./run/run-snapshot-error.js";
export type { ToolCallDecision } from "./run/tool-call-record.js";
export type {
  EagerDiscardedEvent,
  EndEvent,
  ModelRetryEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RunStartEvent,
  ToolCallEvent,
  ToolsChangedEvent,
  ToolUseIgnoredEvent,
} from "./run/trace-events.js";
export type {
  TelemetryAttributes,
  TelemetryAttributeValue,
  TelemetryHistogram,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from "./telemetry/telemetry-options.js";
