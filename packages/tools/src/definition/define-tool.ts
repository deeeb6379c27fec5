import type { z } from "zod/v4";
import { ToolDefinitionError } from "../config-errors.js";
import { renderDescription } from "../description/render-description.js";
import type { Tool, ToolSpec } from "../types.js";
import { checkDescription } from "./check-description.js";
import { checkSpec } from "./check-spec.js";
import { jsonSchemaOf } from "./json-schema.js";

/**
 * Defines a tool: checks the spec, renders the description into the one string the model will read, and
 * computes the input (and output) JSON Schema — all once, here, not on every request.
 * Throws ToolDefinitionError (a KeelConfigError) for a name outside `^[a-zA-Z0-9_-]{1,64}$`, an empty
 * description, an input schema that is not an object, or a schema JSON Schema cannot express.
 * The returned tool is frozen.
 */
export function defineTool<I extends z.ZodType, O extends z.ZodType = z.ZodType>(
  spec: ToolSpec<I, O>,
): Tool<I, O> {
  checkSpec(spec as unknown as ToolSpec);
  checkDescription(spec.name, spec.description);
  const inputJsonSchema = jsonSchemaOf(spec.name, "input", spec.input);
  if (inputJsonSchema.type !== "object") {
    throw new ToolDefinitionError(
      "INVALID_TOOL_SCHEMA",
      `Tool "${spec.name}": the input schema must describe an object (the Anthropic API requires ` +
        `input_schema.type "object"); wrap the fields in z.object({ ... }).`,
    );
  }
  const tool: Tool<I, O> = {
    ...spec,
    renderedDescription: renderDescription(spec.description),
    inputJsonSchema,
    ...(spec.output === undefined
      ? {}
      : { outputJsonSchema: jsonSchemaOf(spec.name, "output", spec.output) }),
  };
  return Object.freeze(tool);
}
