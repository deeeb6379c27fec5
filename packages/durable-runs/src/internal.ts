/**
 * Plumbing other Keel packages share, and types an adopter rarely names. No semver promise: names here may
 * change in any release.
 */
export type { AgentContext } from "./agent-registry.js";
export { CheckpointWriter } from "./checkpoint-rows.js";
export type { DurableSession, DurableStoreOptions } from "./database.js";
export { type DurableDatabase, openDatabase } from "./database.js";
export type { DurableRunsOptions } from "./durable-runs.js";
export { MAX_LEASE_SECONDS, MIN_LEASE_SECONDS } from "./lease.js";
export type { WorkerProgress } from "./run-job.js";
export type { RunRequest, StoredResult } from "./run-record.js";
export { RUNS_SCHEMA } from "./schema.js";
export type { WorkerOptions } from "./worker.js";
