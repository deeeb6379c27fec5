export type { AgentContext, AgentDefinition, AgentRegistry } from "./agent-registry.js";
export type { DurableStoreOptions } from "./database.js";
export type { DurableRuns, DurableRunsOptions } from "./durable-runs.js";
export { openDurableRuns } from "./durable-runs.js";
export type { ModelRequestLimit } from "./model-request-slots.js";
export { DEFAULT_LEASE_SECONDS } from "./queue.js";
export type { DurableRun, DurableRunStatus, RunRequest, StoredResult } from "./run-record.js";
export type { Worker, WorkerOptions, WorkerProgress } from "./worker.js";
