/** What a dotted path found: `found` is false when a segment is absent (own properties only). */
export type PathReading = { readonly found: true; readonly value: unknown } | { readonly found: false };

/**
 * Reads "amount" or "refund.amount" or "items.0.amount" from an input. Only own properties count, so
 * "constructor" or "__proto__" never reach into prototypes.
 */
export function readPath(root: unknown, path: string): PathReading {
  let current: unknown = root;
  for (const segment of path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) {
      return { found: false };
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return { found: true, value: current };
}

/** True for a usable dotted path: non-empty segments only. */
export function isFieldPath(value: unknown): value is string {
  return typeof value === "string" && value.split(".").every((segment) => segment.length > 0);
}
