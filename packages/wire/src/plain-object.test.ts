import { describe, expect, it } from "vitest";
import { isPlainObject, isRecord, isThenable } from "./plain-object.js";

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

describe("isThenable", () => {
  // biome-ignore lint/suspicious/noThenProperty: the test needs foreign thenables.
  const foreign = { then: () => {} };
  // biome-ignore lint/suspicious/noThenProperty: the test needs foreign thenables.
  const callable = Object.assign(() => {}, { then: () => {} });
  // biome-ignore lint/suspicious/noThenProperty: a then that is not callable.
  const notCallable = { then: 1 };

  it("is true for what await would wait on, and for nothing else", () => {
    for (const value of [Promise.resolve(1), foreign, callable]) expect(isThenable(value)).toBe(true);
    for (const value of [null, undefined, 3, "then", {}, notCallable, [], () => {}]) {
      expect(isThenable(value)).toBe(false);
    }
  });

  it("lets a throwing then getter throw, as await would meet it", () => {
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: the test needs a hostile thenable.
      get then(): never {
        throw new Error("no then");
      },
    };
    expect(() => isThenable(hostile)).toThrow("no then");
  });
});
