import type { AnthropicToolDefinition, McpToolDefinition, Tool } from "../types.js";

/** The parts of a defined tool the wire shapes need (any `Tool`, whatever its schemas). */
type DefinedTool = Pick<
  Tool,
  "name" | "renderedDescription" | "inputJsonSchema" | "outputJsonSchema" | "effect" | "idempotent"
>;

/** The Anthropic Messages API shape: `name`, the rendered `description`, `input_schema`. */
export function toAnthropicTool(tool: DefinedTool): AnthropicToolDefinition {
  return { name: tool.name, description: tool.renderedDescription, input_schema: tool.inputJsonSchema };
}

/**
 * The MCP `tools/list` shape. Annotations come from the effect: a read is `readOnlyHint: true`; a write is
 * `destructiveHint: true`, and `idempotentHint: true` only when the spec says `idempotent: true`.
 * `outputSchema` is included only for an object output schema, the only kind MCP allows.
 */
export function toMcpTool(tool: DefinedTool): McpToolDefinition {
  const annotations: NonNullable<McpToolDefinition["annotations"]> =
    tool.effect === "read"
      ? { readOnlyHint: true }
      : { readOnlyHint: false, destructiveHint: true, idempotentHint: tool.idempotent === true };
  return {
    name: tool.name,
    description: tool.renderedDescription,
    inputSchema: tool.inputJsonSchema,
    ...(tool.outputJsonSchema?.type === "object" ? { outputSchema: tool.outputJsonSchema } : {}),
    annotations,
  };
}
