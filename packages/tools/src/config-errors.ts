import { KeelConfigError, type KeelErrorOptions } from "@keel/errors";

const TOOL_DEFINITION_ERROR_MARKER = Symbol.for("keel.error.tool-definition");
const TOOLSET_CONFIG_ERROR_MARKER = Symbol.for("keel.error.toolset-config");

export type ToolDefinitionErrorCode =
  | "INVALID_TOOL_NAME"
  | "INVALID_TOOL_DESCRIPTION"
  | "INVALID_TOOL_SCHEMA"
  | "INVALID_TOOL_OPTION";

export type ToolsetConfigErrorCode = "DUPLICATE_TOOL_NAME" | "NOT_A_TOOL";

function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/** `defineTool` was given a bad spec (name, description, schema or option). Thrown at definition time. */
export class ToolDefinitionError extends KeelConfigError {
  declare readonly code: ToolDefinitionErrorCode;

  constructor(code: ToolDefinitionErrorCode, message: string, options: KeelErrorOptions = {}) {
    super(code, message, options);
    this.name = "ToolDefinitionError";
    Object.defineProperty(this, TOOL_DEFINITION_ERROR_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ToolDefinitionError {
    return hasMarker(value, TOOL_DEFINITION_ERROR_MARKER);
  }
}

/** `createToolset` was given duplicate names or something that is not a defined tool. */
export class ToolsetConfigError extends KeelConfigError {
  declare readonly code: ToolsetConfigErrorCode;

  constructor(code: ToolsetConfigErrorCode, message: string, options: KeelErrorOptions = {}) {
    super(code, message, options);
    this.name = "ToolsetConfigError";
    Object.defineProperty(this, TOOLSET_CONFIG_ERROR_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ToolsetConfigError {
    return hasMarker(value, TOOLSET_CONFIG_ERROR_MARKER);
  }
}
