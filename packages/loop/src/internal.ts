/**
 * `@keel/loop/internal`: plumbing other Keel packages need (the CLI's script check, the final-answer text,
 * the snapshot format version, the shapes behind public options). No semver promise: it may change in any
 * release.
 */
export type {
  CassetteInteraction,
  ModelClientErrorFields,
  ModelClientErrorOptions,
  RecordedError,
} from "./clients/index.js";
export { checkScript } from "./clients/index.js";
export { FINAL_ANSWER_INSTRUCTION } from "./run/final-answer.js";
export { RUN_SNAPSHOT_VERSION } from "./run/run-snapshot.js";
export type {
  TelemetryAttributes,
  TelemetryAttributeValue,
  TelemetryHistogram,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from "./telemetry/telemetry-options.js";
