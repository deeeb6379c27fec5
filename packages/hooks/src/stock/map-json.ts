/** Callbacks of `mapJson`; each is optional. */
export interface JsonVisitor {
  /** Replaces a string anywhere (object value, array item, root). */
  readonly mapString?: (value: string) => unknown;
  /** Replaces a property's value without descending into it; return undefined to descend as usual. */
  readonly replaceProperty?: (key: string, value: unknown) => { readonly value: unknown } | undefined;
  /** Chooses which of an object's entries survive (return the same array to keep them all). */
  readonly selectEntries?: (entries: [string, unknown][]) => [string, unknown][];
}

/**
 * Maps a value the way `JSON.stringify` sees it: plain objects and arrays deeply, `toJSON` honoured (a
 * Date becomes its ISO string), other values as they are. Unchanged subtrees keep their identity, so
 * a hook that changes nothing returns the same data. A cycle throws (and a throwing hook fails closed).
 */
export function mapJson(root: unknown, visitor: JsonVisitor): unknown {
  const ancestors = new Set<object>();
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return visitor.mapString ? visitor.mapString(value) : value;
    if (typeof value !== "object" || value === null) return value;
    const serialized = serializedForm(value);
    if (serialized !== value) return walk(serialized);
    if (ancestors.has(value)) throw new TypeError("mapJson: the value contains a cycle");
    ancestors.add(value);
    try {
      return Array.isArray(value) ? walkArray(value, walk) : walkObject(value, walk, visitor);
    } finally {
      ancestors.delete(value);
    }
  };
  return walk(root);
}

function serializedForm(value: object): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return typeof toJSON === "function" ? toJSON.call(value, "") : value;
}

function walkArray(items: readonly unknown[], walk: (value: unknown) => unknown): unknown {
  let changed = false;
  const mapped = items.map((item) => {
    const next = walk(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? mapped : items;
}

function walkObject(value: object, walk: (value: unknown) => unknown, visitor: JsonVisitor): unknown {
  const entries = Object.entries(value);
  const selected = visitor.selectEntries ? visitor.selectEntries(entries) : entries;
  let changed = selected !== entries;
  const mapped = selected.map(([key, item]): [string, unknown] => {
    const replaced = visitor.replaceProperty?.(key, item);
    const next = replaced ? replaced.value : walk(item);
    if (next !== item) changed = true;
    return [key, next];
  });
  // fromEntries defines own properties, so a "__proto__" key stays data and never sets a prototype.
  return changed ? Object.fromEntries(mapped) : value;
}
