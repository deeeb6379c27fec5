import { unclassifiedError } from "./builders.js";
import type { ErrorOutcome } from "./types.js";

/** Long enough for a real error message, short enough that a dumped page cannot flood the context. */
const MAX_FOREIGN_MESSAGE_LENGTH = 1000;

function truncate(text: string): string {
  if (text.length <= MAX_FOREIGN_MESSAGE_LENGTH) return text;
  let cut = text.slice(0, MAX_FOREIGN_MESSAGE_LENGTH);
  // Do not leave half of a surrogate pair at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}… [truncated]`;
}

/**
 * An error reported by something that did not classify it (a foreign MCP server, a plain-text
 * tool_result): honest "unclassified", never retried blindly, message taken from its text.
 */
export function foreignError(text: string): ErrorOutcome {
  const trimmed = text.trim();
  return unclassifiedError(
    "UNCLASSIFIED_TOOL_ERROR",
    trimmed.length > 0 ? truncate(trimmed) : "The tool reported an error without any details.",
  );
}

/** The text of a `content` field: a string, or the text blocks of an array joined by newlines. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter(
      (block): block is { type: "text"; text: string } =>
        block?.type === "text" && typeof block.text === "string",
    )
    .map((block) => block.text)
    .join("\n");
}
