import { createHash, type Hash } from "node:crypto";

/**
 * Orders strings by Unicode code point (Python's and the digest's order), not by UTF-16 unit. The two orders
 * differ only where a surrogate meets another unit, so only there are the strings compared code point by
 * code point.
 */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a === b) continue;
    return isSurrogate(a) || isSurrogate(b) ? compareBySpread(left, right) : a - b;
  }
  return left.length - right.length;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

function compareBySpread(left: string, right: string): number {
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
  const writer = new CanonicalWriter();
  writer.write(value);
  return writer.text;
}

/**
 * Hex sha256 of a database (or any JSON data) as canonical JSON in UTF-8. A run changes a few of the 1,550
 * users, orders and products, so the canonical text of each such entry (each value two levels down) is
 * remembered by its `JSON.stringify` text: for JSON data the canonical text is a function of it, and writing
 * that is several times cheaper than sorting every key again.
 */
export function databaseDigest(value: unknown): string {
  const hash = createHash("sha256");
  const writer = new CanonicalWriter(hash);
  writer.write(value);
  hash.update(writer.text, "utf8");
  return hash.digest("hex");
}

/** Text that reaches this length goes to the hash: one 3 MB string would be built and flattened per digest. */
const FLUSH_LENGTH = 16_384;
/** The depth whose values' canonical texts are remembered: an entry of a table. */
const ENTRY_DEPTH = 2;
/** Enough for the pristine entries and every version a test run writes; cleared when full. */
const ENTRY_TEXTS_LIMIT = 20_000;
const entryTexts = new Map<string, Buffer>();

class CanonicalWriter {
  text = "";
  constructor(private readonly hash?: Hash) {}

  write(value: unknown, depth = 0): void {
    if (value === null || typeof value !== "object") {
      this.text += JSON.stringify(value);
    } else if (this.hash !== undefined && depth === ENTRY_DEPTH) {
      this.hash.update(this.text, "utf8");
      this.text = "";
      this.hash.update(entryBytes(value));
    } else if (Array.isArray(value)) {
      this.text += "[";
      for (let index = 0; index < value.length; index += 1) {
        if (index > 0) this.text += ",";
        this.write(value[index] ?? null, depth + 1);
      }
      this.text += "]";
    } else {
      this.writeRecord(value as Record<string, unknown>, depth);
    }
    if (this.hash !== undefined && this.text.length >= FLUSH_LENGTH) {
      this.hash.update(this.text, "utf8");
      this.text = "";
    }
  }

  private writeRecord(record: Record<string, unknown>, depth: number): void {
    this.text += "{";
    let first = true;
    for (const key of Object.keys(record).sort(compareCodePoints)) {
      const item = record[key];
      if (item === undefined) continue;
      this.text += first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`;
      first = false;
      this.write(item, depth + 1);
    }
    this.text += "}";
  }
}

function entryBytes(entry: object): Buffer {
  const plain = JSON.stringify(entry);
  let bytes = entryTexts.get(plain);
  if (bytes === undefined) {
    bytes = Buffer.from(digestJson(entry), "utf8");
    if (entryTexts.size >= ENTRY_TEXTS_LIMIT) entryTexts.clear();
    entryTexts.set(plain, bytes);
  }
  return bytes;
}
