import { KeelConfigError } from "@keel/errors";

export type ToolDefinitionErrorCode =
  | "INVALID_TOOL_NAME"
  | "INVALID_TOOL_DESCRIPTION"
  | "INVALID_TOOL_SCHEMA"
  | "INVALID_TOOL_OPTION";

export type ToolsetConfigErrorCode = "DUPLICATE_TOOL_NAME" | "NOT_A_TOOL";

/** `defineTool` was given a bad spec (name, description, schema or option). Thrown at definition time. */
export class ToolDefinitionError extends KeelConfigError<ToolDefinitionErrorCode> {
  static override readonly errorName = "ToolDefinitionError";
}

/** `createToolset` was given duplicate names or something that is not a defined tool. */
export class ToolsetConfigError extends KeelConfigError<ToolsetConfigErrorCode> {
  static override readonly errorName = "ToolsetConfigError";
}

/** What was wrong with a memory tool's or store's configuration: an option, or a scope id. */
export type MemoryConfigErrorCode = "INVALID_MEMORY_OPTION" | "INVALID_MEMORY_SCOPE";

/** The memory tool or a memory store was given a bad option or scope id. Thrown at construction. */
export class MemoryConfigError extends KeelConfigError<MemoryConfigErrorCode> {
  static override readonly errorName = "MemoryConfigError";
}
