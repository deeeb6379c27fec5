/**
 * JSON with object keys sorted at every level, so equal values give equal strings whatever the key order:
 * the basis of idempotency keys and read reuse. Otherwise it follows JSON.stringify (toJSON is honoured,
 * undefined/function/symbol properties are dropped and become null in arrays, as do the holes of a sparse
 * array, NaN and ±Infinity become null). Throws TypeError for a BigInt or a circular structure, as
 * JSON.stringify does. Iterative, so any nesting depth works (a model's input can nest thousands deep).
 */
export function canonicalJson(value: unknown): string {
  const open: Container[] = [];
  const ancestors = new Set<object>();
  const root = begin(value, "", open, ancestors);
  if (root !== OPENED) return root ?? "null";
  for (;;) {
    const container = open[open.length - 1] as Container;
    if (container.next < container.keys.length) {
      // Children are visited one at a time, in sorted-key order, as the recursive form did.
      const key = container.keys[container.next] as string;
      container.next += 1;
      container.key = key;
      const written = begin((container.value as Record<string, unknown>)[key], key, open, ancestors);
      if (written !== OPENED) append(container, written);
      continue;
    }
    open.pop();
    ancestors.delete(container.value);
    const text = container.array ? `[${container.parts.join(",")}]` : `{${container.parts.join(",")}}`;
    const parent = open[open.length - 1];
    if (parent === undefined) return text;
    append(parent, text);
  }
}

/** An array or object being written: its members so far and the next key to visit. */
interface Container {
  readonly value: object;
  readonly array: boolean;
  /** Indexes as strings for an array (holes included), sorted own keys for an object. */
  readonly keys: readonly string[];
  readonly parts: string[];
  next: number;
  /** The key of the member being written. */
  key: string;
}

/** Marks a value that opened a container: its text comes when the container closes. */
const OPENED = Symbol("opened");

/** Writes a scalar (undefined: no JSON form) or opens a container on `open`. */
function begin(
  value: unknown,
  key: string,
  open: Container[],
  ancestors: Set<object>,
): string | undefined | typeof OPENED {
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
    case "object": {
      if (current === null) return "null";
      if (ancestors.has(current))
        throw new TypeError("canonicalJson: the value contains a circular reference.");
      ancestors.add(current);
      const array = Array.isArray(current);
      const keys = Array.isArray(current)
        ? Array.from({ length: current.length }, (_, index) => String(index))
        : Object.keys(current).sort();
      open.push({ value: current, array, keys, parts: [], next: 0, key: "" });
      return OPENED;
    }
    default:
      return undefined;
  }
}

function append(container: Container, written: string | undefined): void {
  if (container.array) container.parts.push(written ?? "null");
  else if (written !== undefined) container.parts.push(`${JSON.stringify(container.key)}:${written}`);
}
