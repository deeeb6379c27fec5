import { success } from "./builders.js";
import { foreignError, textOf } from "./foreign-error.js";
import { EMPTY_GUIDANCE, retryGuidance } from "./guidance.js";
import { outcomeFromJson, outcomeToJson } from "./outcome-json.js";
import { isPlainObject } from "./plain-object.js";
import type { ToolOutcome } from "./types.js";
import type { ToolResultBlock } from "./wire/types.js";

/** Any `tool_result` block fromToolResultBlock can read (Keel's, the SDK's, or a foreign one). */
export interface ToolResultBlockLike {
  readonly tool_use_id: string;
  readonly content?: string | ReadonlyArray<{ readonly type: string; readonly text?: string }>;
  readonly is_error?: boolean;
}

export interface ParsedToolResult {
  readonly toolUseId: string;
  readonly outcome: ToolOutcome;
}

const OUTCOME_KINDS: readonly unknown[] = ["success", "empty", "error"];

function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A plain object with a `kind` the envelope uses: success data shaped like this must be wrapped. */
function looksLikeEnvelope(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && OUTCOME_KINDS.includes(value.kind);
}

function contentFor(outcome: ToolOutcome): string {
  switch (outcome.kind) {
    case "success": {
      const { data } = outcome;
      if (looksLikeEnvelope(data)) return JSON.stringify(outcomeToJson(outcome));
      // A string that is not JSON goes as it is (readable); one that parses as JSON is quoted.
      if (typeof data === "string" && parseJson(data) === undefined) return data;
      return JSON.stringify(data) ?? "null";
    }
    case "empty": {
      const { data, ...head } = outcomeToJson(outcome);
      return JSON.stringify({ ...head, guidance: EMPTY_GUIDANCE, ...(data === undefined ? {} : { data }) });
    }
    case "error": {
      const { details, ...head } = outcomeToJson(outcome);
      const guidance = retryGuidance(outcome);
      return JSON.stringify({ ...head, guidance, ...(details === undefined ? {} : { details }) });
    }
  }
}

/**
 * Serialises an outcome to an Anthropic `tool_result` block. Success content is the data as JSON (a
 * non-JSON string as it is); errors and valid empties are a JSON envelope with `kind`, code, message and
 * `guidance`; errors also carry category and retryable, and set `is_error: true`.
 */
export function toToolResultBlock(
  toolUseId: string,
  outcome: ToolOutcome,
): Omit<ToolResultBlock, "content"> & { content: string } {
  const block: Omit<ToolResultBlock, "content"> & { content: string } = {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: contentFor(outcome),
  };
  if (outcome.isError) block.is_error = true;
  return block;
}

function outcomeOf(text: string, isError: boolean): ToolOutcome {
  const parsed = parseJson(text);
  if (parsed !== undefined && looksLikeEnvelope(parsed.value)) {
    const outcome = outcomeFromJson(parsed.value);
    if (outcome?.isError) return outcome;
    // Anything that claims to be an error, or is flagged as one, stays an error.
    if (parsed.value.kind === "error" || isError) return foreignError(text);
    if (outcome !== undefined) return outcome;
  }
  if (isError) return foreignError(text);
  return success(parsed === undefined ? text : parsed.value);
}

/**
 * Parses a `tool_result` block; never throws. Keel blocks come back exactly. A foreign block reads
 * honestly: `is_error` gives an unclassified `UNCLASSIFIED_TOOL_ERROR`, otherwise a success with the
 * content (parsed when it is JSON, else the text). Content may be a string or an array of text blocks.
 */
export function fromToolResultBlock(block: ToolResultBlockLike): ParsedToolResult {
  return { toolUseId: block.tool_use_id, outcome: outcomeOf(textOf(block.content), block.is_error === true) };
}
