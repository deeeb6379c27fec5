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

/**
 * Anything `await` would wait on: an object or function with a callable `then`. Reading `then` may throw (a
 * getter); the caller meets that throw where `await` would have.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
