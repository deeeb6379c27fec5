import type { ToolOutcome } from "@keel/errors";
import { ToolsetConfigError } from "../config-errors.js";
import { toMcpTool, toRequestTool } from "../definition/tool-definitions.js";
import type {
  AnthropicDefinedToolDefinition,
  AnthropicToolDefinition,
  McpToolDefinition,
  Tool,
  ToolCall,
  ToolContext,
  ValidationResult,
} from "../types.js";
import { runTool } from "./run-tool.js";
import { validateCall } from "./validate-call.js";

/** The dispatch table: every defined tool by name, its wire shapes, and a call path that never throws. */
export interface Toolset {
  readonly tools: readonly Tool[];
  readonly names: readonly string[];
  get(name: string): Tool | undefined;
  /**
   * Computed once and frozen: the loop sends the same array on every request. Copy before changing. A tool the
   * API defines (the memory tool) is `{ type, name }`.
   */
  readonly anthropicTools: readonly (AnthropicToolDefinition | AnthropicDefinedToolDefinition)[];
  readonly mcpTools: readonly McpToolDefinition[];
  /** UNKNOWN_TOOL (with "did you mean") or INVALID_INPUT (each field) as validation outcomes. */
  validate(call: ToolCall): ValidationResult;
  /**
   * Runs a validated call; never throws (throws, timeouts, aborts and bad returns become outcomes). The
   * path with hooks, idempotency keys and retries around validate + run is `resolveToolCall` of @keel/tool-call.
   */
  run(tool: Tool, validatedInput: unknown, context: ToolContext): Promise<ToolOutcome>;
}

/**
 * Builds the dispatch table from defined tools. Throws ToolsetConfigError for duplicate names or for
 * something that did not come from `defineTool`.
 */
// biome-ignore lint/suspicious/noExplicitAny: a toolset holds tools of any schema; each validates its own input.
export function createToolset(tools: readonly Tool<any, any>[]): Toolset {
  if (!Array.isArray(tools))
    throw new ToolsetConfigError("NOT_A_TOOL", "createToolset: expected an array of tools.");
  const byName = new Map<string, Tool>();
  for (const tool of tools as readonly Tool[]) {
    checkDefined(tool);
    if (byName.has(tool.name)) {
      throw new ToolsetConfigError(
        "DUPLICATE_TOOL_NAME",
        `createToolset: two tools are named "${tool.name}"; a name must pick exactly one tool.`,
      );
    }
    byName.set(tool.name, tool);
  }
  const list = Object.freeze([...byName.values()]);
  const anthropicTools = Object.freeze(list.map((tool) => Object.freeze(toRequestTool(tool))));
  const mcpTools = Object.freeze(list.map((tool) => Object.freeze(toMcpTool(tool))));
  const validate = (call: ToolCall): ValidationResult => validateCall(byName, call);
  const run = (tool: Tool, validatedInput: unknown, context: ToolContext): Promise<ToolOutcome> =>
    runTool(tool, validatedInput, context);
  return Object.freeze({
    tools: list,
    names: Object.freeze([...byName.keys()]),
    get: (name: string) => byName.get(name),
    anthropicTools,
    mcpTools,
    validate,
    run,
  });
}

function checkDefined(tool: Tool): void {
  const defined =
    typeof tool === "object" &&
    tool !== null &&
    typeof tool.renderedDescription === "string" &&
    typeof tool.inputJsonSchema === "object" &&
    typeof tool.handler === "function";
  if (!defined) {
    const name = typeof tool === "object" && tool !== null ? ` "${String(tool.name)}"` : "";
    throw new ToolsetConfigError(
      "NOT_A_TOOL",
      `createToolset: the tool${name} was not built with defineTool(spec); pass defineTool({ ... }) instead.`,
    );
  }
}
