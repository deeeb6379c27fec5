import { isRecord } from "@keel/errors/internal";
/** One place where two JSON values differ; `undefined` means the key or item is absent. */
export interface JsonDifference {
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * The first `limit` differences between two JSON values, depth first in document order.
 * Keys whose value is undefined count as absent (as after JSON.stringify). Stops early, so a
 * request that differs at the start costs little however long its history is.
 */
export function diffJson(expected: unknown, actual: unknown, limit = 5): JsonDifference[] {
  const differences: JsonDifference[] = [];
  walk(expected, actual, "", differences, limit);
  return differences;
}

function walk(expected: unknown, actual: unknown, path: string, out: JsonDifference[], limit: number): void {
  if (out.length >= limit || Object.is(expected, actual)) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length && out.length < limit; index++) {
      walk(expected[index], actual[index], `${path}[${index}]`, out, limit);
    }
    return;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      if (out.length >= limit) return;
      walk(expected[key], actual[key], appendKey(path, key), out, limit);
    }
    return;
  }
  out.push({ path: path || "(root)", expected, actual });
}

function appendKey(path: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

/** "  at messages[2].content: expected "a", got "b"" lines, values cut to `width` characters. */
export function formatDifferences(differences: readonly JsonDifference[], width = 120): string {
  return differences.map((difference) => formatDifference(difference, width)).join("\n");
}

function formatDifference({ path, expected, actual }: JsonDifference, width: number): string {
  if (
    typeof expected === "string" &&
    typeof actual === "string" &&
    Math.max(expected.length, actual.length) > width
  ) {
    // Long strings (tool results, prompts) differ somewhere in the middle: show the text around it.
    let at = 0;
    while (at < expected.length && expected[at] === actual[at]) at++;
    const start = Math.max(0, at - 20);
    const excerpt = (text: string) =>
      render(text.slice(start), width).replace(/^"/, start > 0 ? '"...' : '"');
    return `  at ${path} (character ${at}): expected ${excerpt(expected)}, got ${excerpt(actual)}`;
  }
  return `  at ${path}: expected ${render(expected, width)}, got ${render(actual, width)}`;
}

function render(value: unknown, width: number): string {
  if (value === undefined) return "(absent)";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > width ? `${text.slice(0, width - 3)}...` : text;
}
