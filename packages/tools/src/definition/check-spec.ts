import { z } from "zod/v4";
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
  if (spec.callEffect !== undefined && (typeof spec.callEffect !== "function" || spec.effect !== "write")) {
    throw option(name, 'callEffect must be a function, on a tool whose effect is "write" (its strongest)');
  }
  if (spec.anthropicType !== undefined && !/^[a-z_]+_\d{8}$/.test(String(spec.anthropicType))) {
    throw option(name, `anthropicType must be a versioned type such as "memory_20250818"`);
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
  if (isZod3Schema(value)) throw option(name, zod3Problem(field));
  throw option(name, message);
}

/**
 * Names both versions: the schema's (zod 3) and the zod 4 Keel found (`zod/v4`, which is zod 4 itself, or
 * the zod 4 bundled inside zod 3.25). Keel's own schemas come from `zod/v4`, so this is the caller's schema.
 */
function zod3Problem(field: "input" | "output"): string {
  const { major, minor, patch } = z.core.version;
  return (
    `${field} is a zod 3 schema, but Keel needs a zod 4 schema (its peer dependency is zod@^4.0.0; ` +
    `the zod 4 it found is ${major}.${minor}.${patch}, from "zod/v4"). Install zod 4 (npm i zod@^4) and ` +
    `import { z } from "zod", or, while your project is on zod 3.25, build this tool's schemas with ` +
    `import { z } from "zod/v4"`
  );
}
