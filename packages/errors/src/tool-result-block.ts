import type { ToolResultBlock } from "@keel/wire";
import { isPlainObject } from "@keel/wire/internal";
import { success } from "./builders.js";
import { foreignError, textOf } from "./foreign-error.js";
import { EMPTY_GUIDANCE, retryGuidance } from "./guidance.js";
import { outcomeFromJson, outcomeToJson } from "./outcome-json.js";
import { isToolContent } from "./tool-content.js";
import type { EmptyOutcome, ErrorOutcome, TextContent, ToolContent, ToolOutcome } from "./types.js";

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

/** A `tool_result` block as Keel sends it: text, or (for a success with content blocks) a list of blocks. */
export type KeelToolResultBlock = Omit<ToolResultBlock, "content"> & {
  content: string | Array<TextContent | ToolContent>;
};

/**
 * Serialises an outcome to an Anthropic `tool_result` block. Success content is the data as JSON (a
 * non-JSON string as it is); errors and valid empties are a JSON envelope with `kind`, code, message and
 * `guidance`; errors also carry category and retryable, and set `is_error: true`. A success with
 * `content` becomes a list: the data as the first text block (left out when it is empty or null), then
 * the images, documents and texts as blocks, so the model sees an image, not its base64.
 */
export function toToolResultBlock(
  toolUseId: string,
  outcome: ErrorOutcome | EmptyOutcome,
): KeelToolResultBlock & { content: string };
export function toToolResultBlock(toolUseId: string, outcome: ToolOutcome): KeelToolResultBlock;
export function toToolResultBlock(toolUseId: string, outcome: ToolOutcome): KeelToolResultBlock {
  const text = contentFor(outcome);
  const block: KeelToolResultBlock = { type: "tool_result", tool_use_id: toolUseId, content: text };
  if (outcome.kind === "success" && outcome.content !== undefined) {
    const empty = outcome.data === undefined || outcome.data === null || outcome.data === "";
    block.content = [...(empty ? [] : [{ type: "text" as const, text }]), ...outcome.content];
  }
  if (outcome.isError) block.is_error = true;
  return block;
}

/** The text of a `tool_result` block's content, for previews and logs (images and documents left out). */
export function toolResultText(block: Pick<ToolResultBlockLike, "content">): string {
  return textOf(block.content);
}

function outcomeOf(text: string, isError: boolean, content?: readonly ToolContent[]): ToolOutcome {
  const parsed = parseJson(text);
  if (parsed !== undefined && looksLikeEnvelope(parsed.value)) {
    const outcome = outcomeFromJson(parsed.value);
    if (outcome?.isError) return outcome;
    // Anything that claims to be an error, or is flagged as one, stays an error.
    if (parsed.value.kind === "error" || isError) return foreignError(text);
    if (outcome?.kind === "success" && content !== undefined) return { ...outcome, content };
    if (outcome !== undefined) return outcome;
  }
  if (isError) return foreignError(text);
  const data = parsed === undefined ? text : parsed.value;
  return content === undefined ? success(data) : { kind: "success", isError: false, data, content };
}

/**
 * A list with image or document blocks: its first text block is the data, the rest is content.
 * A list of text blocks only reads as one text, as before.
 */
function splitContent(content: ToolResultBlockLike["content"]): {
  readonly text: string;
  readonly content?: readonly ToolContent[];
} {
  if (!Array.isArray(content) || content.every((block) => block?.type === "text")) {
    return { text: textOf(content) };
  }
  const first = content[0]?.type === "text" ? content[0] : undefined;
  const rest = (first === undefined ? content : content.slice(1)).filter(isToolContent);
  return { text: first === undefined ? "" : textOf([first]), ...(rest.length > 0 ? { content: rest } : {}) };
}

/**
 * Parses a `tool_result` block; never throws. Keel blocks come back exactly. A foreign block reads
 * honestly: `is_error` gives an unclassified `UNCLASSIFIED_TOOL_ERROR`, otherwise a success with the
 * content (parsed when it is JSON, else the text). Content may be a string or an array of text blocks.
 */
export function fromToolResultBlock(block: ToolResultBlockLike): ParsedToolResult {
  const { text, content } = splitContent(block.content);
  return { toolUseId: block.tool_use_id, outcome: outcomeOf(text, block.is_error === true, content) };
}
