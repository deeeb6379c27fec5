import { EMPTY_ENVELOPE_SCHEMA, REDIRECT_ENVELOPE_SCHEMA } from "@keel/errors/internal";
import type {
  AnthropicDefinedToolDefinition,
  AnthropicToolDefinition,
  McpToolDefinition,
  Tool,
  ToolAnnotations,
} from "../types.js";

/** The parts of a defined tool the wire shapes need (any `Tool`, whatever its schemas). */
type DefinedTool = Pick<
  Tool,
  | "name"
  | "title"
  | "renderedDescription"
  | "inputJsonSchema"
  | "outputJsonSchema"
  | "effect"
  | "idempotent"
  | "annotations"
  | "anthropicType"
>;

/** The Anthropic Messages API shape: `name`, the rendered `description`, `input_schema`. */
export function toAnthropicTool(tool: DefinedTool): AnthropicToolDefinition {
  return { name: tool.name, description: tool.renderedDescription, input_schema: tool.inputJsonSchema };
}

/** What a request carries for the tool: `{ type, name }` for a tool the API defines (`anthropicType`), else `toAnthropicTool`. */
export function toRequestTool(tool: DefinedTool): AnthropicToolDefinition | AnthropicDefinedToolDefinition {
  return tool.anthropicType === undefined
    ? toAnthropicTool(tool)
    : { type: tool.anthropicType, name: tool.name };
}

/**
 * The MCP `tools/list` entry Keel's server lists: title, description, input schema, an output schema that
 * admits the success data, a valid-empty envelope and a redirect envelope (what a Keel result's
 * `structuredContent` can hold), and all four annotations, derived from the effect and corrected by the
 * spec's own `annotations`.
 */
export function toMcpTool(tool: DefinedTool): McpToolDefinition {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.renderedDescription,
    inputSchema: tool.inputJsonSchema,
    outputSchema: outputSchemaOf(tool),
    annotations: { ...annotationsOf(tool), ...tool.annotations },
  };
}

/**
 * The success branches (an object output schema, or each object of a union of them) beside the envelopes.
 * A tool without an object output schema still declares one: any object, or an envelope.
 */
function outputSchemaOf(tool: DefinedTool): Record<string, unknown> {
  return {
    type: "object",
    anyOf: [...successBranches(tool.outputJsonSchema), EMPTY_ENVELOPE_SCHEMA, REDIRECT_ENVELOPE_SCHEMA],
  };
}

function successBranches(declared: Record<string, unknown> | undefined): readonly unknown[] {
  if (declared?.type === "object") return [declared];
  const union = declared?.anyOf ?? declared?.oneOf;
  const objects =
    Array.isArray(union) &&
    union.length > 0 &&
    union.every((branch) => (branch as Record<string, unknown> | null)?.type === "object");
  return objects ? union : [{ type: "object", additionalProperties: true }];
}

/** A read changes nothing and may be repeated; a write is destructive unless its spec says otherwise. */
function annotationsOf(tool: DefinedTool): ToolAnnotations {
  return tool.effect === "read"
    ? { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
    : {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: tool.idempotent === true,
        openWorldHint: false,
      };
}
