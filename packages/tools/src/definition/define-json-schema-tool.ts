import type { ToolOutcome } from "@keel/errors";
import { z } from "zod/v4";
import { ToolDefinitionError } from "../config-errors.js";
import type { Tool, ToolContext, ToolSpec } from "../types.js";
import { defineTool } from "./define-tool.js";
import { deepFreeze } from "./json-schema.js";

/**
 * A tool whose input is described by a JSON Schema rather than a zod schema: a tool another system
 * defined (an MCP server's tool, an OpenAPI operation). Everything else is as in ToolSpec.
 */
export interface JsonSchemaToolSpec extends Omit<ToolSpec, "input" | "output" | "handler"> {
  /** The input JSON Schema, sent to the model as it is; `type` must be "object". */
  readonly inputSchema: Record<string, unknown>;
  /** The output JSON Schema, kept for the wire and for readers; checking results is the handler's job. */
  readonly outputSchema?: Record<string, unknown> | undefined;
  readonly handler: (input: unknown, context: ToolContext) => ToolOutcome | Promise<ToolOutcome>;
}

/**
 * Defines a tool from a JSON Schema: the model is sent exactly that schema, and calls are validated
 * against it before the handler runs (through zod's `z.fromJSONSchema`, so an invalid call gets the same
 * INVALID_INPUT answer, naming each field, as any other tool). A schema zod cannot translate (a `$ref`
 * to somewhere else, an unknown keyword combination) is checked only for being an object; whoever owns
 * the schema validates it again. Throws ToolDefinitionError as defineTool does, and for a schema whose
 * `type` is not "object".
 */
export function defineJsonSchemaTool(spec: JsonSchemaToolSpec): Tool {
  const { inputSchema, outputSchema, ...rest } = spec;
  if (typeof inputSchema !== "object" || inputSchema === null || inputSchema.type !== "object") {
    throw new ToolDefinitionError(
      "INVALID_TOOL_SCHEMA",
      `Tool "${String(spec?.name)}": the input JSON Schema must have type "object" (the Anthropic API ` +
        "requires it).",
    );
  }
  const tool = defineTool({ ...rest, input: validatorOf(inputSchema) });
  const { $schema: _dropped, ...sent } = structuredClone(inputSchema);
  return Object.freeze({
    ...tool,
    inputJsonSchema: deepFreeze(sent),
    ...(outputSchema === undefined ? {} : { outputJsonSchema: deepFreeze(structuredClone(outputSchema)) }),
  });
}

const ANY_OBJECT = z.record(z.string(), z.unknown());

function validatorOf(schema: Record<string, unknown>): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return ANY_OBJECT;
  }
}
