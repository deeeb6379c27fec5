/** Number and table formatting for RESULTS.md. */

/** @param {number} value @param {number} [digits] */
export function num(value, digits = 0) {
  if (!Number.isFinite(value)) return "–";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * "median (min–max)".
 * @param {{ median: number, min: number, max: number }} stats
 * @param {number} [digits]
 */
export function spread(stats, digits = 0) {
  return `${num(stats.median, digits)} (${num(stats.min, digits)}–${num(stats.max, digits)})`;
}

/** @param {number} value @param {number} [digits] 3 where a check compares against 1.01 or 1.02 */
export const ratio = (value, digits = 2) => (Number.isFinite(value) ? `${value.toFixed(digits)}×` : "–");

/** @param {boolean | null} pass */
export const verdict = (pass) => (pass === null ? "n/a" : pass ? "**pass**" : "**MISS**");

/**
 * A GitHub-flavoured Markdown table; numeric-looking columns are right-aligned.
 * @param {readonly string[]} columns
 * @param {readonly (readonly string[])[]} rows
 * @param {readonly boolean[]} [rightAligned]
 */
export function markdownTable(columns, rows, rightAligned) {
  const align = columns.map((_, index) => ((rightAligned?.[index] ?? index > 0) ? "---:" : "---"));
  const line = (/** @type {readonly string[]} */ cells) => `| ${cells.join(" | ")} |`;
  return [line(columns), line(align), ...rows.map(line)].join("\n");
}
