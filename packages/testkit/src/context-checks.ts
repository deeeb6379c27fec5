import { isRecord } from "@keel/wire/internal";

/**
 * The request checks for context management, each with its source:
 * - `context_management` without the beta its edits need is refused as an unknown field:
 *   "context_management: Extra inputs are not permitted" (the real API's answer, quoted in
 *   anthropics/claude-code#14135 and microsoft/vscode-copilot-chat#4945); compaction needs
 *   `compact-2026-01-12` (compaction guide), clearing needs `context-management-2025-06-27` (context-editing
 *   guide), as BerriAI/litellm#27593 maps them.
 * - edit types and fields as `@anthropic-ai/sdk` declares them (`BetaContextManagementConfig`,
 *   `BetaClearToolUses20250919Edit`, `BetaClearThinking20251015Edit`, `BetaCompact20260112Edit`); the
 *   wording of these messages is the fake's own (pydantic-style, like the API's other field errors).
 */
export const COMPACTION_BETA = "compact-2026-01-12";
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";
const EDIT_TYPES = ["clear_tool_uses_20250919", "clear_thinking_20251015", "compact_20260112"];

export function betasOf(header: string | string[] | undefined): Set<string> {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  return new Set(
    text
      .split(",")
      .map((beta) => beta.trim())
      .filter(Boolean),
  );
}

const count = (value: unknown, types: readonly string[]): boolean =>
  isRecord(value) &&
  types.includes(value.type as string) &&
  Number.isInteger(value.value) &&
  (value.value as number) >= 0;

/** The first problem with `context_management`, or undefined. */
export function checkContextManagement(config: unknown, betas: ReadonlySet<string>): string | undefined {
  if (config === undefined) return undefined;
  if (!betas.has(CONTEXT_MANAGEMENT_BETA) && !betas.has(COMPACTION_BETA)) {
    return "context_management: Extra inputs are not permitted";
  }
  if (!isRecord(config)) return "context_management: Input should be a valid dictionary";
  const edits = config.edits ?? [];
  if (!Array.isArray(edits)) return "context_management.edits: Input should be a valid list";
  for (const [index, edit] of edits.entries()) {
    const path = `context_management.edits.${index}`;
    if (!isRecord(edit) || !EDIT_TYPES.includes(edit.type as string)) {
      return `${path}: Input tag '${String(isRecord(edit) ? edit.type : edit)}' found using 'type' does not match any of the expected tags: ${EDIT_TYPES.map((type) => `'${type}'`).join(", ")}`;
    }
    const needs = edit.type === "compact_20260112" ? COMPACTION_BETA : CONTEXT_MANAGEMENT_BETA;
    if (!betas.has(needs)) return `${path}: '${edit.type}' requires the '${needs}' beta`;
    const problem = checkEdit(edit, path);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkEdit(edit: Record<string, unknown>, path: string): string | undefined {
  const allowed: Record<string, readonly string[]> = {
    clear_tool_uses_20250919: ["trigger", "keep", "clear_at_least", "exclude_tools", "clear_tool_inputs"],
    clear_thinking_20251015: ["keep"],
    compact_20260112: ["trigger", "instructions", "pause_after_compaction"],
  };
  for (const key of Object.keys(edit)) {
    if (key !== "type" && !allowed[edit.type as string]!.includes(key)) {
      return `${path}.${key}: Extra inputs are not permitted`;
    }
  }
  if (edit.type === "clear_tool_uses_20250919") {
    if (edit.trigger !== undefined && !count(edit.trigger, ["input_tokens", "tool_uses"]))
      return `${path}.trigger: Input should be {type: 'input_tokens' | 'tool_uses', value: int}`;
    if (edit.keep !== undefined && !count(edit.keep, ["tool_uses"]))
      return `${path}.keep: Input should be {type: 'tool_uses', value: int}`;
    if (edit.clear_at_least != null && !count(edit.clear_at_least, ["input_tokens"]))
      return `${path}.clear_at_least: Input should be {type: 'input_tokens', value: int}`;
    if (edit.exclude_tools != null && !isStrings(edit.exclude_tools))
      return `${path}.exclude_tools: Input should be a valid list of strings`;
    const inputs = edit.clear_tool_inputs;
    if (inputs != null && typeof inputs !== "boolean" && !isStrings(inputs))
      return `${path}.clear_tool_inputs: Input should be a valid boolean or list of strings`;
  }
  if (edit.type === "clear_thinking_20251015" && edit.keep !== undefined && edit.keep !== "all") {
    const keep = edit.keep;
    if (!(isRecord(keep) && keep.type === "all") && !count(keep, ["thinking_turns"]))
      return `${path}.keep: Input should be 'all', {type: 'all'} or {type: 'thinking_turns', value: int}`;
  }
  if (edit.type === "compact_20260112") {
    if (edit.trigger != null && !count(edit.trigger, ["input_tokens"]))
      return `${path}.trigger: Input should be {type: 'input_tokens', value: int}`;
    if (edit.instructions != null && typeof edit.instructions !== "string")
      return `${path}.instructions: Input should be a valid string`;
    if (edit.pause_after_compaction !== undefined && typeof edit.pause_after_compaction !== "boolean")
      return `${path}.pause_after_compaction: Input should be a valid boolean`;
  }
  return undefined;
}

const isStrings = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === "string");
