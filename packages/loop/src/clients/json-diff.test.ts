import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffJson, formatDifferences } from "./json-diff.js";

describe("diffJson", () => {
  it("finds nothing between a JSON value and its copy", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(diffJson(value, structuredClone(value))).toEqual([]);
      }),
    );
  });

  it("names the JSON path of each difference, in document order", () => {
    const expected = {
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
      ],
      "max-tokens": 1,
    };
    const actual = { messages: [{ role: "user", content: "A" }], "max-tokens": 2 };
    expect(diffJson(expected, actual)).toEqual([
      { path: "messages[0].content", expected: "a", actual: "A" },
      { path: "messages[1]", expected: { role: "assistant", content: "b" }, actual: undefined },
      { path: '["max-tokens"]', expected: 1, actual: 2 },
    ]);
  });

  it("treats an undefined key as absent, as JSON does", () => {
    expect(diffJson({ a: 1 }, { a: 1, system: undefined })).toEqual([]);
  });

  it("stops at the limit", () => {
    expect(diffJson([1, 2, 3, 4], [5, 6, 7, 8], 2)).toHaveLength(2);
  });
});

describe("formatDifferences", () => {
  it("renders absent values and truncates long ones", () => {
    const text = formatDifferences([
      { path: "messages[3]", expected: undefined, actual: { role: "user", content: "x".repeat(500) } },
    ]);
    expect(text).toContain("at messages[3]: expected (absent), got {");
    expect(text.length).toBeLessThan(200);
  });

  it("shows where two long strings start to differ", () => {
    const expected = `${"a".repeat(300)}ORIGINAL tail`;
    const actual = `${"a".repeat(300)}CHANGED tail`;
    const text = formatDifferences([{ path: "system", expected, actual }]);
    expect(text).toContain("(character 300)");
    expect(text).toContain('"...aaaaaaaaaaaaaaaaaaaaORIGINAL tail"');
    expect(text).toContain('"...aaaaaaaaaaaaaaaaaaaaCHANGED tail"');
  });
});
