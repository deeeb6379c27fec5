import { nearestName } from "@keel/diagnostics";
import { validationError } from "@keel/errors";
import type { Tool, ValidationResult } from "../types.js";
import { describeIssues, type FieldProblem, parseForModel } from "./describe-issues.js";

/**
 * Checks a call against the dispatch table: the name must be a real tool and the input must pass its zod
 * schema. Never throws; failures are validation outcomes written for the model (UNKNOWN_TOOL, INVALID_INPUT).
 */
export function validateCall(tools: ReadonlyMap<string, Tool>, call: unknown): ValidationResult {
  const name = typeof call === "object" && call !== null ? (call as { name?: unknown }).name : undefined;
  const tool = typeof name === "string" ? tools.get(name) : undefined;
  if (!tool) return { ok: false, outcome: unknownTool(name, [...tools.keys()]) };
  const input = (call as { input?: unknown }).input;
  const parsed = parseForModel(tool.input, input);
  if (parsed.success) return { ok: true, tool, input: parsed.data };
  return { ok: false, outcome: invalidInput(tool, input, describeIssues(parsed.error.issues, input)) };
}

/** Longest legal tool name (`^[a-zA-Z0-9_-]{1,64}$`): anything longer cannot be a misspelt real name. */
const MAX_TOOL_NAME_LENGTH = 64;

function unknownTool(name: unknown, names: readonly string[]) {
  const requested = shownName(name);
  const suggestion =
    typeof name === "string" && name.length <= MAX_TOOL_NAME_LENGTH ? nearestName(name, names) : undefined;
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : "";
  const available = names.length > 0 ? names.join(", ") : "(none)";
  return validationError(
    "UNKNOWN_TOOL",
    `There is no tool named ${JSON.stringify(requested)}.${hint} Available tools: ${available}. ` +
      "Call one of these names exactly as written.",
    {
      details: {
        requested,
        available: [...names],
        ...(suggestion ? { suggestion } : {}),
      },
    },
  );
}

/**
 * The requested name as the answer echoes it: a legal-length name in full, anything longer cut to its first
 * 64 characters plus its length, so an absurd name cannot make the answer (or the history) absurd too.
 */
function shownName(name: unknown): string {
  let text: string;
  try {
    text = typeof name === "string" ? name : String(name);
  } catch {
    text = `(${typeof name})`;
  }
  if (text.length <= MAX_TOOL_NAME_LENGTH) return text;
  return `${text.slice(0, MAX_TOOL_NAME_LENGTH)}…(${text.length} chars)`;
}

function invalidInput(tool: Tool, input: unknown, fields: FieldProblem[]) {
  const lines = fields.map((field) => `- ${field.path}: ${field.problem}`);
  return validationError(
    "INVALID_INPUT",
    `The input for "${tool.name}" does not match its schema:\n${lines.join("\n")}\n` +
      `${nestingHint(tool, input)}Fix these fields and call "${tool.name}" again; the same input will fail the same way.`,
    { details: { tool: tool.name, fields } },
  );
}

/** Models sometimes wrap the arguments one level too deep (`{ "input": { ... } }`); say so when that is it. */
function nestingHint(tool: Tool, input: unknown): string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "";
  const entries = Object.entries(input);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (!only || !tool.input.safeParse(only[1]).success) return "";
  return `The fields are nested one level too deep under "${only[0]}"; send them at the top level.\n`;
}
