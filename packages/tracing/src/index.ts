export type { OtlpTracing } from "./otlp.js";
export { otelEnvironment, startOtlpTracing } from "./otlp.js";
