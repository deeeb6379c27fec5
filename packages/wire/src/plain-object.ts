/**
 * An object that can be read by key: not null, not an array. The one guard every Keel package uses for
 * "is this unknown value an object?" (parsed JSON, hook decisions, tool results).
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON-style object: an {@link isRecord} that is not a class instance (Date, Map, Error...) either. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
