/**
 * `@keel/tools/internal`: plumbing other Keel packages need (canonical JSON for idempotency keys, tools from
 * a JSON Schema for MCP clients, the shapes behind public types). No semver promise: names here may change
 * or go in any release.
 */
export { canonicalJson } from "./canonical-json.js";
export type { ToolDefinitionErrorCode, ToolsetConfigErrorCode } from "./config-errors.js";
export type { JsonSchemaToolSpec } from "./definition/define-json-schema-tool.js";
export { defineJsonSchemaTool } from "./definition/define-json-schema-tool.js";
export { HOSTILE_MEMORY_PATHS, hostileMemoryCalls } from "./memory/hostile-memory-paths.js";
export { checkStoredMemoryPath } from "./memory/memory-path.js";
export type { MemoryScopeLimits, MemoryScopeUsage } from "./memory/memory-scope.js";
export { checkMemoryScopeId, checkScopeWrite, memoryScopeLimits } from "./memory/memory-scope.js";
export type { RouteDisqualification } from "./route/route-result.js";
export type { HandlerOutcome, ToolAnnotations } from "./types.js";
