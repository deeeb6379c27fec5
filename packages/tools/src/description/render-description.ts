import type { ToolBoundary, ToolDescription } from "../types.js";

/** The section labels of a rendered description; `parseDescription` reads the same labels back. */
export const SECTION_LABELS = {
  useWhen: "Use when:",
  doNotUseWhen: "Do NOT use when:",
  takes: "Takes:",
  returns: "Returns:",
} as const;

/**
 * Renders a four-part description into the one string the model reads, byte-for-byte stable:
 * what it does, then "Use when:" and "Do NOT use when:" bullet lists (each boundary ending in
 * "— use <sibling> instead."), then "Takes:" and "Returns:". Empty parts are left out; a plain string
 * is returned trimmed.
 */
export function renderDescription(description: ToolDescription | string): string {
  if (typeof description === "string") return description.trim();
  const sections = [sentence(description.does)];
  const useWhen = description.useWhen.map(clause).filter((item) => item.length > 0);
  if (useWhen.length > 0) sections.push(bulletList(SECTION_LABELS.useWhen, useWhen));
  const doNotUseWhen = description.doNotUseWhen.map(boundaryItem).filter((item) => item.length > 0);
  if (doNotUseWhen.length > 0) sections.push(bulletList(SECTION_LABELS.doNotUseWhen, doNotUseWhen));
  const io: string[] = [];
  if (clause(description.takes).length > 0) io.push(`${SECTION_LABELS.takes} ${sentence(description.takes)}`);
  if (clause(description.returns).length > 0) {
    io.push(`${SECTION_LABELS.returns} ${sentence(description.returns)}`);
  }
  if (io.length > 0) sections.push(io.join("\n"));
  return sections.filter((section) => section.length > 0).join("\n\n");
}

function bulletList(label: string, items: readonly string[]): string {
  return [label, ...items.map((item) => `- ${item}`)].join("\n");
}

function boundaryItem(boundary: ToolBoundary): string {
  const when = clause(boundary.when);
  if (when.length === 0) return "";
  const sibling = boundary.useInstead?.trim();
  return sibling ? `${when} — use ${sibling} instead.` : `${when}.`;
}

/** Whitespace collapsed, trailing punctuation and a leading bullet removed: the caller's words, once. */
function clause(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[-*•]\s*/, "")
    .replace(/[\s;,]+$/, "")
    .replace(/(?<!\.)\.$/, "");
}

function sentence(text: string): string {
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (trimmed.length === 0) return "";
  return /[.!?…)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
