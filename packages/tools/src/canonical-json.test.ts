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
});
