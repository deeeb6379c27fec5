import { z } from "zod/v4";
import { ToolDefinitionError } from "../config-errors.js";

/**
 * The JSON Schema of a zod schema, computed once at definition time. `$schema` is dropped: it is sent to
 * the model on every request and tells it nothing. The result is frozen, because every request shares it.
 */
export function jsonSchemaOf(
  toolName: string,
  role: "input" | "output",
  schema: z.ZodType,
): Record<string, unknown> {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = { ...z.toJSONSchema(schema, { io: role, unrepresentable: "throw" }) };
  } catch (error) {
    throw new ToolDefinitionError(
      "INVALID_TOOL_SCHEMA",
      `Tool "${toolName}": the ${role} schema cannot be expressed as JSON Schema (for example z.date(), ` +
        "z.bigint() or a custom check); use JSON-representable types.",
      { cause: error },
    );
  }
  delete jsonSchema.$schema;
  return deepFreeze(jsonSchema);
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
