/**
 * `@keel/support-desk/tools`: the support tools and the in-memory store alone — no agent loop, SQL store,
 * approvals or scenarios — for programs that only read or route the catalog and should start fast (`keel
 * route`, `keel lint-tools`). Everything here is also exported by the main entry.
 */
export type { FaultableBackend, MemoryBackendOptions } from "./backend/memory-backend.js";
export { createMemoryBackend } from "./backend/memory-backend.js";
export type { SupportToolsOptions } from "./tools/create-support-tools.js";
export { createSupportTools } from "./tools/create-support-tools.js";
export { createNaiveTools } from "./tools/naive-tools.js";
