/**
 * Point lookups by key, batched: every key asked for in the same turn of the event loop goes to the
 * database in one statement (`WHERE key = ANY($1)`), and each caller gets its own row back. A server
 * answering many callers at once then pays a statement's fixed cost (bind, plan, executor start, the
 * protocol round trip) once per batch instead of once per caller; a lone caller waits one turn
 * (`setImmediate`) and sends a batch of one.
 *
 * A failed statement fails every caller of that batch with the same error (each is classified on its own
 * by the caller); a key the database must refuse (one holding NUL) goes alone, so it never fails others.
 * Keys are deduplicated; at most {@link MAX_BATCH} go in one statement.
 */
export interface BatchedLookup<T> {
  load(key: string): Promise<T | undefined>;
}

/** Keys per statement: the array stays small enough to bind and plan as a handful of index probes. */
export const MAX_BATCH = 64;

interface Waiting<T> {
  readonly resolve: (value: T | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * @param fetch runs the statement for the keys (one key: a plain `= $1` statement is cheaper to run)
 * @param keyOf the key of a returned row, as the caller asked for it
 */
export function batchedLookup<Row, T>(
  fetch: (keys: readonly string[]) => Promise<readonly Row[]>,
  keyOf: (row: Row) => string,
  map: (row: Row) => T,
): BatchedLookup<T> {
  let queued = new Map<string, Waiting<T>[]>();
  let scheduled = false;

  async function send(batch: Map<string, Waiting<T>[]>): Promise<void> {
    let found: Map<string, T>;
    try {
      const rows = await fetch([...batch.keys()]);
      found = new Map(rows.map((row) => [keyOf(row), map(row)]));
    } catch (error) {
      for (const waiting of batch.values()) for (const caller of waiting) caller.reject(error);
      return;
    }
    for (const [key, waiting] of batch) for (const caller of waiting) caller.resolve(found.get(key));
  }

  function flush(): void {
    scheduled = false;
    const all = queued;
    queued = new Map();
    let batch = new Map<string, Waiting<T>[]>();
    for (const [key, waiting] of all) {
      // PostgreSQL text cannot hold NUL: such a key fails its statement, so it fails alone, never its batch.
      if (key.includes("\u0000")) {
        void send(new Map([[key, waiting]]));
        continue;
      }
      batch.set(key, waiting);
      if (batch.size === MAX_BATCH) {
        void send(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) void send(batch);
  }

  return {
    load(key) {
      return new Promise<T | undefined>((resolve, reject) => {
        const waiting = queued.get(key);
        if (waiting) waiting.push({ resolve, reject });
        else queued.set(key, [{ resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

/**
 * A PostgreSQL array literal of text (`{"a","b"}`), the form both drivers send a `text[]` parameter in:
 * every element quoted, `"` and `\` escaped, so any key (commas, braces, quotes, `NULL`) stays one element.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}
