import { describe, expect, it } from "vitest";
import { isPlainObject, isRecord } from "./plain-object.js";

describe("plain objects", () => {
  it("isRecord accepts any non-null, non-array object; isPlainObject only JSON-style ones", () => {
    for (const value of [{}, { a: 1 }, Object.create(null)]) {
      expect([isRecord(value), isPlainObject(value)]).toEqual([true, true]);
    }
    for (const value of [new Date(0), new Map()])
      expect([isRecord(value), isPlainObject(value)]).toEqual([true, false]);
    for (const value of [null, undefined, [], [1], "text", 3, () => {}]) {
      expect([isRecord(value), isPlainObject(value)]).toEqual([false, false]);
    }
  });
});
