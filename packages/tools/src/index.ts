export { calculatorTool } from "./calculator/calculator-tool.js";
export { evaluateExpression } from "./calculator/evaluate-expression.js";
export { ToolDefinitionError, ToolsetConfigError } from "./config-errors.js";
export { defineTool } from "./definition/define-tool.js";
export { toAnthropicTool, toMcpTool } from "./definition/tool-definitions.js";
export type { DescribedTool } from "./description/analyze-description.js";
export { renderDescription } from "./description/render-description.js";
export type { LintFinding, LintFindingId } from "./lint/lint-finding.js";
export { lintTools } from "./lint/lint-tools.js";
export { route } from "./route/route.js";
export type { RouteResult } from "./route/route-result.js";
export type { Toolset } from "./toolset/create-toolset.js";
export { createToolset } from "./toolset/create-toolset.js";
export type {
  AnthropicDefinedToolDefinition,
  AnthropicToolDefinition,
  McpToolDefinition,
  Tool,
  ToolBoundary,
  ToolCall,
  ToolContext,
  ToolDescription,
  ToolEffect,
  ToolSpec,
  ValidationResult,
} from "./types.js";
