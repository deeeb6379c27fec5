/** Small, pure formatting helpers shared by the renderers. */

export const money = (amount: number): string => `$${amount.toFixed(2)}`;

export const padEnd = (text: string, width: number): string =>
  text.length >= width ? `${text} ` : text.padEnd(width);

/** Long prose fields (a ticket summary) shortened, so the structure around them stays visible. */
function shortenStrings(value: unknown, max: number): unknown {
  if (typeof value === "string") return clip(value, max);
  if (Array.isArray(value)) return value.map((item) => shortenStrings(item, max));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortenStrings(item, max)]));
  }
  return value;
}

/** Compact JSON with long strings shortened, cut at `max` characters so a step stays on one line. */
export function compactJson(value: unknown, max = 200): string {
  const text = JSON.stringify(shortenStrings(value, 28)) ?? "undefined";
  return clip(text, max);
}

/** The first sentence-ish of a text, at most `max` characters. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
