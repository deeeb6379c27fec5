import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

describe("canonicalJson", () => {
  it("sorts object keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it("gives the same string whatever order the keys were written in", () => {
    expect(canonicalJson({ amount: 50, orderId: "ORD-1" })).toBe(
      canonicalJson({ orderId: "ORD-1", amount: 50 }),
    );
  });

  it("follows JSON.stringify for undefined, functions, non-finite numbers and toJSON", () => {
    expect(
      canonicalJson({ a: undefined, b: () => 1, c: [undefined, Number.NaN, Number.POSITIVE_INFINITY] }),
    ).toBe('{"c":[null,null,null]}');
    expect(canonicalJson(new Date("2024-01-02T03:04:05.000Z"))).toBe('"2024-01-02T03:04:05.000Z"');
    expect(canonicalJson(-0)).toBe("0");
  });

  it("throws a TypeError for a circular structure instead of recursing forever", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => canonicalJson(circular)).toThrow(TypeError);
  });

  it("allows the same object twice when it is not circular", () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it("parses back to the same value as JSON.stringify does (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("does not depend on key order (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });

  it("handles 3,000 nested objects, giving the key-sorted JSON.stringify", () => {
    expect(canonicalJson(nestedRecords(3_000))).toBe(JSON.stringify(nestedRecords(3_000), sortKeys));
  });

  it("handles 20,000 nested objects and arrays without overflowing the stack", () => {
    const depth = 20_000;
    const expected = `${'{"a":['.repeat(depth)}{"x":1,"y":null}${"]}".repeat(depth)}`;
    let value: unknown = { y: null, x: 1 };
    for (let level = 0; level < depth; level += 1) value = { a: [value] };
    expect(canonicalJson(value)).toBe(expected);
  });

  it("still finds a circular reference deep down", () => {
    const root: Record<string, unknown> = {};
    let current = root;
    for (let level = 0; level < 5_000; level += 1) {
      const next: Record<string, unknown> = {};
      current.next = next;
      current = next;
    }
    current.back = root;
    expect(() => canonicalJson(root)).toThrow(TypeError);
  });

  it("writes the holes of a sparse array as null, as JSON.stringify does", () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is being tested
    expect(canonicalJson([, 1])).toBe("[null,1]");
  });

  it("calls toJSON with the property name or index, as JSON.stringify does", () => {
    const keyed = { toJSON: (key: string) => `key:${key}` };
    expect(canonicalJson({ b: keyed, a: [keyed] })).toBe('{"a":["key:0"],"b":"key:b"}');
    expect(canonicalJson(keyed)).toBe('"key:"');
  });
});

/** Objects nested `depth` deep, keys written in reverse order at every level. */
function nestedRecords(depth: number): unknown {
  let value: unknown = { z: [3, 2, 1], a: "leaf" };
  for (let level = 0; level < depth; level += 1) value = { z: level, m: value, a: [level] };
  return value;
}

/** A JSON.stringify replacer that sorts the keys of each plain object. */
function sortKeys(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}
