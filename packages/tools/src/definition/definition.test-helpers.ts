import { ToolDefinitionError } from "../config-errors.js";

/** What `run` throws, which must be a ToolDefinitionError (recognised by its marker, whatever module copy made it). */
export function definitionError(run: () => unknown): ToolDefinitionError {
  try {
    run();
  } catch (error) {
    if (ToolDefinitionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ToolDefinitionError");
}
