import { ToolDefinitionError } from "../config-errors.js";
import type { ToolSpec } from "../types.js";

/** The pattern both the Anthropic API and MCP clients accept for a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Runtime checks of a spec, for callers without TypeScript and for values TypeScript cannot see. */
export function checkSpec(spec: ToolSpec): void {
  if (typeof spec !== "object" || spec === null) {
    throw new ToolDefinitionError("INVALID_TOOL_OPTION", "defineTool: expected a spec object.");
  }
  checkName(spec.name);
  const name = spec.name;
  if (spec.effect !== "read" && spec.effect !== "write") {
    throw option(name, `effect must be "read" or "write", got ${JSON.stringify(spec.effect)}`);
  }
  if (typeof spec.handler !== "function") throw option(name, "handler must be a function");
  checkSchema(name, "input", spec.input, "input must be a zod schema, e.g. z.object({ ... })");
  if (spec.output !== undefined) checkSchema(name, "output", spec.output, "output must be a zod schema");
  const { timeoutMs } = spec;
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs > 0)
  ) {
    throw option(name, `timeoutMs must be a finite number > 0, got ${String(timeoutMs)}`);
  }
  if (spec.reuse === true && spec.effect !== "read") {
    throw option(name, "reuse is for read tools only; a write must run every time it is asked for");
  }
  if (spec.idempotent !== undefined && typeof spec.idempotent !== "boolean") {
    throw option(name, "idempotent must be a boolean");
  }
  checkPresentation(spec);
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

/** `title` and `annotations` reach MCP clients as they are: a string, and booleans under known names. */
function checkPresentation(spec: ToolSpec): void {
  if (spec.title !== undefined && (typeof spec.title !== "string" || spec.title.trim() === "")) {
    throw option(spec.name, "title must be a non-empty string");
  }
  if (spec.annotations === undefined) return;
  if (typeof spec.annotations !== "object" || spec.annotations === null) {
    throw option(spec.name, "annotations must be an object of MCP hints");
  }
  for (const [hint, value] of Object.entries(spec.annotations)) {
    if (!HINTS.includes(hint) || typeof value !== "boolean") {
      throw option(spec.name, `annotations.${hint} must be one of ${HINTS.join(", ")} set to a boolean`);
    }
  }
}

function checkName(name: unknown): asserts name is string {
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new ToolDefinitionError(
      "INVALID_TOOL_NAME",
      `defineTool: tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN.source} ` +
        "(1-64 letters, digits, _ or -), which is what the Anthropic API and MCP clients accept.",
    );
  }
}

function option(toolName: string, problem: string): ToolDefinitionError {
  return new ToolDefinitionError("INVALID_TOOL_OPTION", `Tool "${toolName}": ${problem}.`);
}

function isZodSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;
}

/** A zod 3 schema has `_def` and `safeParse` but no `_zod` (zod 4's internals). */
function isZod3Schema(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    "_def" in value &&
    "safeParse" in value &&
    !("_zod" in value)
  );
}

function checkSchema(name: string, field: "input" | "output", value: unknown, message: string): void {
  if (isZodSchema(value)) return;
  if (isZod3Schema(value)) {
    throw option(
      name,
      `${field} is a zod 3 schema, but Keel needs zod 4 (its peer dependency is zod@^4.0.0): install zod@^4 ` +
        `and import z from "zod" (or "zod/v4" while your project still ships zod 3.25)`,
    );
  }
  throw option(name, message);
}
