import { ToolDefinitionError } from "../config-errors.js";
import type { ToolDescription } from "../types.js";
import { TOOL_NAME_PATTERN } from "./check-spec.js";

/**
 * A description must at least say what the tool does, and every boundary must be well-formed. Missing
 * "use when" / "do NOT use when" parts are allowed here; `lintTools` reports them.
 */
export function checkDescription(toolName: string, description: ToolDescription | string): void {
  if (typeof description === "string") {
    if (description.trim().length === 0) throw invalid(toolName, "the description is empty");
    return;
  }
  if (typeof description !== "object" || description === null) {
    throw invalid(
      toolName,
      "the description must be a string or { does, useWhen, doNotUseWhen, takes, returns }",
    );
  }
  if (!isText(description.does) || description.does.trim().length === 0) {
    throw invalid(toolName, "description.does must say what the tool does");
  }
  if (!Array.isArray(description.useWhen) || !description.useWhen.every(isText)) {
    throw invalid(toolName, "description.useWhen must be an array of strings");
  }
  if (!Array.isArray(description.doNotUseWhen)) {
    throw invalid(toolName, "description.doNotUseWhen must be an array of { when, useInstead? }");
  }
  for (const boundary of description.doNotUseWhen) {
    if (typeof boundary !== "object" || boundary === null || !isText(boundary.when)) {
      throw invalid(toolName, "each doNotUseWhen entry must be { when: string, useInstead?: string }");
    }
    const sibling = boundary.useInstead;
    if (sibling !== undefined && (!isText(sibling) || !TOOL_NAME_PATTERN.test(sibling))) {
      throw invalid(toolName, `useInstead ${JSON.stringify(sibling)} is not a valid tool name`);
    }
    if (sibling === toolName) throw invalid(toolName, "a boundary cannot send the model to the tool itself");
  }
  if (!isText(description.takes) || !isText(description.returns)) {
    throw invalid(toolName, "description.takes and description.returns must be strings");
  }
}

function isText(value: unknown): value is string {
  return typeof value === "string";
}

function invalid(toolName: string, problem: string): ToolDefinitionError {
  return new ToolDefinitionError("INVALID_TOOL_DESCRIPTION", `Tool "${toolName}": ${problem}.`);
}
