import { success } from "./builders.js";
import { foreignError, textOf } from "./foreign-error.js";
import { outcomeFromJson, outcomeToJson } from "./outcome-json.js";
import { isPlainObject } from "./plain-object.js";
import { renderOutcomeText } from "./render-outcome-text.js";
import type { ToolOutcome } from "./types.js";

/** The reverse-DNS `_meta` key under which a Keel MCP result carries its outcome. */
export const KEEL_META_KEY = "dev.keel/outcome";

export type McpTextContent = {
  type: "text";
  text: string;
};

/**
 * The MCP `CallToolResult` that toMcpResult produces. A type alias, not an interface, so that it is
 * assignable to the MCP SDK's CallToolResult, which has an index signature.
 */
export type McpCallToolResult = {
  content: McpTextContent[];
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
  return {
    content: [{ type: "text", text: renderOutcomeText(outcome) }],
    ...(structured === undefined ? {} : { structuredContent: structured }),
    isError: outcome.isError,
    _meta: { [KEEL_META_KEY]: outcomeToJson(outcome, structured === undefined) },
  };
}

/**
 * Parses any MCP CallToolResult; never throws. A Keel result comes back exactly. A foreign one (no Keel
 * `_meta`): `isError: true` becomes an unclassified `UNCLASSIFIED_TOOL_ERROR` with its text as the
 * message, otherwise a success with `structuredContent` or else the text. An error never becomes a success.
 */
export function fromMcpResult(result: unknown): ToolOutcome {
  if (!isPlainObject(result)) return foreignError("The tool returned something that is not an MCP result.");
  const text = textOf(result.content);
  const structured = isPlainObject(result.structuredContent) ? result.structuredContent : undefined;
  const meta = isPlainObject(result._meta) ? result._meta[KEEL_META_KEY] : undefined;
  const outcome = outcomeFromJson(meta, structured);
  if (outcome !== undefined && (outcome.isError || result.isError !== true)) return outcome;
  if (result.isError === true) return foreignError(text);
  return success(structured ?? text);
}
