import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeJsonError, describeReadError, jsonErrorPosition, parseJsonText } from "./json-text.js";

/** JSON.parse's own position, when its message gives one (Node 20: "at position 7"; 22+: also "(line 1 column 8)"). */
function parsePosition(text: string): number | "valid" | undefined {
  try {
    JSON.parse(text);
    return "valid";
  } catch (error) {
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    return position === undefined ? undefined : Number(position);
  }
}

describe("jsonErrorPosition", () => {
  it.each([
    ['{"a": tru}', 1, 10, "expected true"],
    ["hello", 1, 1, "expected a value"],
    ["\uFEFF[]", 1, 1, "a byte order mark"],
    ["[1, 2,]", 1, 7, "a trailing comma"],
    ['{\n  "a": 1,\n}', 3, 1, "a trailing comma"],
    ["{a: 1}", 1, 2, "expected a property name in double quotes"],
    ["{'a': 1}", 1, 2, "single quotes"],
    ['{"a" 1}', 1, 6, "expected ':' after the property name"],
    ["[1 2]", 1, 4, "expected ',' or ']'"],
    ['{"a": 1 "b": 2}', 1, 9, "expected ',' or '}'"],
    ['"abc', 1, 5, "it ends inside a string"],
    ["[1, 2", 1, 6, "it ends before the array is closed"],
    ['{"a": {"b": [', 1, 14, "it ends where a value should be"],
    ["", 1, 1, "it is empty"],
    [" \n ", 2, 2, "it is empty"],
    ['{"a": "x\ty"}', 1, 9, "a control character in a string"],
    ['"line\nbreak"', 1, 6, "a control character in a string"],
    ["01", 1, 2, "a number with a leading zero"],
    ["1.", 1, 3, "a '.' without digits after it"],
    ["-", 1, 2, "a '-' without digits after it"],
    ["1e+", 1, 4, "an exponent without digits"],
    ['"\\x"', 1, 3, "an escape JSON does not have"],
    ['"\\u12"', 1, 6, "a \\u escape needs four hexadecimal digits"],
    ["[1]x", 1, 4, "more text after the JSON value"],
    ["NaN", 1, 1, "expected a value"],
    ["nul", 1, 4, "expected null"],
    ['{\r\n  "a": undefined\r\n}', 2, 8, "expected a value"],
    ['{"a":\r1,}', 2, 3, "a trailing comma"],
  ])("%j: line %i, column %i, %s", (text, line, column, reason) => {
    const position = jsonErrorPosition(text);
    expect(position).toMatchObject({ line, column });
    expect(position?.reason).toContain(reason);
    // Wherever JSON.parse gives a position, it is the same place.
    const parsed = parsePosition(text);
    expect(parsed).not.toBe("valid");
    if (typeof parsed === "number") expect(position?.offset).toBe(parsed);
  });

  it("is undefined for valid JSON, however deep", () => {
    for (const text of [
      "0",
      '""',
      "[]",
      "{}",
      ' { "a" : [ 1 , -2.5e+3 , "\\u00e9\\n" , true , null ] } ',
      "-0.0E-0",
    ]) {
      expect(jsonErrorPosition(text)).toBeUndefined();
    }
    expect(jsonErrorPosition(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBeUndefined();
    expect(jsonErrorPosition(`${"[".repeat(100_000)}${"]".repeat(99_999)}`)).toMatchObject({
      reason: "it ends before the array is closed",
    });
  });

  it("agrees with JSON.parse on any text: valid or not, and the place when JSON.parse names one", () => {
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom("delete", "insert", "replace"),
        fc.constantFrom(..."{}[],:\"\\ \nx0-.e'tfn\t"),
      )
      .map(([json, at, how, character]) => {
        const index = json.length === 0 ? 0 : at % json.length;
        if (how === "delete") return json.slice(0, index) + json.slice(index + 1);
        if (how === "insert") return json.slice(0, index) + character + json.slice(index);
        return json.slice(0, index) + character + json.slice(index + 1);
      });
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string(), fc.json()), (text) => {
        const parsed = parsePosition(text);
        const position = jsonErrorPosition(text);
        if (parsed === "valid") return position === undefined;
        if (position === undefined) return false;
        return parsed === undefined || parsed === position.offset;
      }),
      { numRuns: 1000 },
    );
  });

  it("never quotes the text, which may hold a secret", () => {
    const text = '{"token": sk-ant-secret}';
    expect(describeJsonError(text)).toBe(
      `not valid JSON at line 1, column 11: ${jsonErrorPosition(text)?.reason}`,
    );
    expect(describeJsonError(text)).not.toContain("sk-");
  });
});

describe("parseJsonText", () => {
  it("gives the value, a leading byte order mark read past", () => {
    expect(parseJsonText('{"a": [1, null]}')).toEqual({ ok: true, value: { a: [1, null] } });
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText("\uFEFFnull")).toEqual({ ok: true, value: null });
  });

  it.each([
    ['{"a": tru}', "line 1, column 10: expected true"],
    ['\uFEFF{"a": tru}', "line 1, column 10: expected true"],
    ["\uFEFF\uFEFF[]", "line 1, column 1: a byte order mark (U+FEFF) before the JSON"],
    ["", "line 1, column 1: it is empty"],
    ["\uFEFF", "line 1, column 1: it is empty"],
  ])(
    "gives the problem of %j in describeJsonError's words, placed after a byte order mark",
    (text, place) => {
      expect(parseJsonText(text)).toEqual({ ok: false, problem: `not valid JSON at ${place}` });
    },
  );

  it("never quotes the text, which may hold a secret", () => {
    const result = parseJsonText('{"token": sk-ant-secret}');
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain("sk-");
  });

  it("agrees with JSON.parse on any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), fc.boolean(), (text, byteOrderMark) => {
        const result = parseJsonText(byteOrderMark ? `\uFEFF${text}` : text);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return !result.ok && result.problem === describeJsonError(text);
        }
        return result.ok && JSON.stringify(result.value) === JSON.stringify(parsed);
      }),
      { numRuns: 300 },
    );
  });
});

describe("describeJsonError and describeReadError", () => {
  it("words a JSON error with the line and column, and a JSON Lines line by its own number", () => {
    expect(describeJsonError('{"a": tru}')).toBe("not valid JSON at line 1, column 10: expected true");
    expect(describeJsonError('{"a": tru}', { format: "JSON Lines", firstLine: 4 })).toBe(
      "not valid JSON Lines at line 4, column 10: expected true",
    );
  });

  it("words a read error by its code", () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: "ENOENT" });
    expect(describeReadError(error)).toBe("not readable: no such file (ENOENT)");
    expect(describeReadError(Object.assign(new Error("odd"), { code: "EWHATEVER" }))).toBe(
      "not readable: unreadable (EWHATEVER)",
    );
    expect(describeReadError(new Error("gone"))).toBe("not readable: gone");
    expect(describeReadError(undefined)).toBe("not readable: undefined");
  });
});
