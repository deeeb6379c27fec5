/**
 * JSON with object keys sorted at every level, so equal values give equal strings whatever the key order:
 * the basis of idempotency keys and read reuse. Otherwise it follows JSON.stringify (toJSON is honoured,
 * undefined/function/symbol properties are dropped and become null in arrays, NaN and ±Infinity become
 * null). Throws TypeError for a BigInt or a circular structure, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return write(value, "", new Set()) ?? "null";
}

function write(value: unknown, key: string, ancestors: Set<object>): string | undefined {
  let current = value;
  if (
    typeof current === "object" &&
    current !== null &&
    typeof (current as { toJSON?: unknown }).toJSON === "function"
  ) {
    current = (current as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  switch (typeof current) {
    case "string":
      return JSON.stringify(current);
    case "number":
      return Number.isFinite(current) ? JSON.stringify(current) : "null";
    case "boolean":
      return current ? "true" : "false";
    case "bigint":
      throw new TypeError(
        "canonicalJson: a BigInt has no JSON form; convert it to a string or number first.",
      );
    case "object":
      return current === null ? "null" : writeContainer(current, ancestors);
    default:
      return undefined;
  }
}

function writeContainer(container: object, ancestors: Set<object>): string {
  if (ancestors.has(container))
    throw new TypeError("canonicalJson: the value contains a circular reference.");
  ancestors.add(container);
  try {
    if (Array.isArray(container)) {
      return `[${container.map((item, index) => write(item, String(index), ancestors) ?? "null").join(",")}]`;
    }
    const record = container as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const written = write(record[key], key, ancestors);
      if (written !== undefined) members.push(`${JSON.stringify(key)}:${written}`);
    }
    return `{${members.join(",")}}`;
  } finally {
    ancestors.delete(container);
  }
}
