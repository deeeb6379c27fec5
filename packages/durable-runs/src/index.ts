export type { AgentDefinition, AgentRegistry } from "./agent-registry.js";
export type { DurableRuns } from "./durable-runs.js";
export { openDurableRuns } from "./durable-runs.js";
export type { ModelRequestLimit } from "./model-request-slots.js";
export { DEFAULT_LEASE_SECONDS } from "./queue.js";
export type { DurableRun, DurableRunStatus } from "./run-record.js";
export type { Worker } from "./worker.js";
