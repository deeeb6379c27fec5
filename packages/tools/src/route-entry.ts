/**
 * `@keel/tools/route`: the deterministic router alone. It reads tool names and descriptions, never schemas,
 * so this entry imports no zod and none of the definition, toolset or linter code: for programs that only
 * route and should start fast (`keel route`). Everything here is also exported by the main entry.
 */
export type { DescribedTool } from "./description/analyze-description.js";
export { route } from "./route/route.js";
export type { RouteResult } from "./route/route-result.js";
export type { ToolBoundary, ToolDescription } from "./types.js";
