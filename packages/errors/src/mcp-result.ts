import { KEEL_META_KEY } from "@keel/wire";
import { isPlainObject } from "@keel/wire/internal";
import { success } from "./builders.js";
import { foreignError, textOf } from "./foreign-error.js";
import { type McpImageContent, type McpResourceContent, mcpContentOf, toolContentOf } from "./mcp-content.js";
import { outcomeFromJson, outcomeToJson } from "./outcome-json.js";
import { renderOutcomeText } from "./render-outcome-text.js";
import type { ToolContent, ToolOutcome } from "./types.js";

export type McpTextContent = {
  type: "text";
  text: string;
};

/** A content block of a Keel MCP result: its text first, then any images or documents of a success. */
export type McpContentBlock = McpTextContent | McpImageContent | McpResourceContent;

/**
 * The MCP `CallToolResult` that toMcpResult produces. A type alias, not an interface, so that it is
 * assignable to the MCP SDK's CallToolResult, which has an index signature.
 */
export type McpCallToolResult = {
  content: [McpTextContent, ...McpContentBlock[]];
  /** Only on non-error outcomes whose data is a plain object: it is that data. */
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  _meta: { [KEEL_META_KEY]: Record<string, unknown> };
};

/**
 * Serialises an outcome to an MCP CallToolResult. The text is renderOutcomeText (for the model); the
 * outcome itself travels in `_meta[KEEL_META_KEY]`, with data in `structuredContent` when it is a plain object.
 */
export function toMcpResult(outcome: ToolOutcome): McpCallToolResult {
  const structured = outcome.kind !== "error" && isPlainObject(outcome.data) ? outcome.data : undefined;
  const extra = outcome.kind === "success" ? (outcome.content ?? []).map(mcpContentOf) : [];
  return {
    content: [{ type: "text", text: renderOutcomeText(outcome) }, ...extra],
    ...(structured === undefined ? {} : { structuredContent: structured }),
    isError: outcome.isError,
    _meta: { [KEEL_META_KEY]: outcomeToJson(outcome, structured === undefined) },
  };
}

/**
 * Parses any MCP CallToolResult; never throws. A Keel result comes back exactly. A foreign one (no Keel
 * `_meta`): `isError: true` becomes an unclassified `UNCLASSIFIED_TOOL_ERROR` with its text as the
 * message, otherwise a success with `structuredContent` or else the text. An error never becomes a success.
 * A success keeps its other blocks as `content` (images, PDFs and text resources as blocks the model can
 * read; audio and links as a line of text saying what they were).
 */
export function fromMcpResult(result: unknown): ToolOutcome {
  if (!isPlainObject(result)) return foreignError("The tool returned something that is not an MCP result.");
  const blocks = Array.isArray(result.content) ? result.content : [];
  const structured = isPlainObject(result.structuredContent) ? result.structuredContent : undefined;
  const meta = isPlainObject(result._meta) ? result._meta[KEEL_META_KEY] : undefined;
  const outcome = outcomeFromJson(meta, structured);
  if (outcome !== undefined && (outcome.isError || result.isError !== true)) {
    // A Keel result: the first block is the outcome's text, what follows is its content.
    return withContent(
      outcome,
      blocks.slice(1).map((block) => toolContentOf(block) ?? textContentOf(block)),
    );
  }
  const text = textOf(blocks);
  if (result.isError === true) return foreignError(text);
  return withContent(success(structured ?? text), blocks.map(toolContentOf));
}

function textContentOf(block: unknown): ToolContent | undefined {
  return isPlainObject(block) && block.type === "text" && typeof block.text === "string" && block.text !== ""
    ? { type: "text", text: block.text }
    : undefined;
}

function withContent(outcome: ToolOutcome, blocks: ReadonlyArray<ToolContent | undefined>): ToolOutcome {
  const content = blocks.filter((block): block is ToolContent => block !== undefined);
  if (outcome.kind !== "success" || content.length === 0) return outcome;
  return { ...outcome, content };
}
