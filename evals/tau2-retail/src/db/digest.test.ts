import { describe, expect, it } from "vitest";
import { loadExpectedDigests } from "../gold/tasks.js";
import { databaseDigest, digestJson } from "./digest.js";
import { loadPristineDb, pristineDbText } from "./retail-db.js";

describe("databaseDigest", () => {
  it("gives the pristine database the digest τ²'s oracle computed, which is db.json's own", () => {
    const expected = loadExpectedDigests().pristine;
    expect(databaseDigest(loadPristineDb())).toBe(expected);
    expect(databaseDigest(JSON.parse(pristineDbText()))).toBe(expected);
  });

  it("does not depend on key order", () => {
    expect(digestJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: "x" } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("writes numbers as JSON.stringify does and non-ASCII as itself", () => {
    expect(digestJson({ price: 10.0, small: 1e-7, big: 1e21, text: "café ✓" })).toBe(
      '{"big":1e+21,"price":10,"small":1e-7,"text":"café ✓"}',
    );
  });

  it("sorts keys by code point, not by UTF-16 unit", () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 unit (0xD83D).
    expect(digestJson({ "\u{1F600}": 1, "\uFF5E": 2 })).toBe('{"～":2,"😀":1}');
  });

  it("leaves out keys whose value is undefined, as an absent optional key", () => {
    expect(digestJson({ a: 1, cancel_reason: undefined })).toBe('{"a":1}');
  });
});
