import { createHash } from "node:crypto";

/** Orders strings by Unicode code point (Python's and the digest's order), not by UTF-16 unit. */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (a[index]?.codePointAt(0) ?? 0) - (b[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * The digest's canonical JSON: keys sorted by code point at every level, no whitespace, non-ASCII written as
 * itself, numbers and strings as JSON.stringify writes them. Keys whose value is undefined are left out.
 */
export function digestJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => digestJson(item ?? null)).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort(compareCodePoints);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${digestJson(record[key])}`).join(",")}}`;
}

/** Hex sha256 of a database (or any JSON value) as canonical JSON in UTF-8. */
export function databaseDigest(value: unknown): string {
  return createHash("sha256").update(digestJson(value), "utf8").digest("hex");
}
