import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDirectory } from "./cli.test-helpers.js";
import { notValidJson, parseInputJson, parseInputJsonLines, readInputFile } from "./read-input-file.js";
import { UsageError } from "./usage-error.js";

const thrown = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("nothing was thrown");
};

describe("one wording for input files", () => {
  it("places a JSON error by line and column with a reason, never quoting the text", () => {
    const text = '{\n  "token": "sk-secret",\n  oops\n}';
    const error = thrown(() => parseInputJson(text, "--script cfg.json"));
    expect(UsageError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      "--script cfg.json: not valid JSON at line 3, column 3: expected a property name in double quotes.",
    );
    expect(error.message).not.toContain("sk-secret");
    expect(notValidJson(text)).toBe(
      "not valid JSON at line 3, column 3: expected a property name in double quotes",
    );
  });

  it.each([
    ['{"a": tru}', "at line 1, column 10: expected true."],
    ["hello", "at line 1, column 1: expected a value"],
    ["[1, 2,]", "at line 1, column 7: a trailing comma."],
    ["[1, 2", "at line 1, column 6: it ends before the array is closed."],
    ["", "at line 1, column 1: it is empty."],
  ])("places errors V8 gives no position for: %j", (text, place) => {
    expect(thrown(() => parseInputJson(text, "x.json")).message).toContain(`x.json: not valid JSON ${place}`);
  });

  it("reads past a byte order mark, as editors save it: readInputFile strips it for every parser", async () => {
    const folder = temporaryDirectory();
    writeFileSync(join(folder, "x.json"), '\uFEFF{"a": 1}');
    writeFileSync(join(folder, "x.jsonl"), '\uFEFF{"a": 1}\n\n{"a": 2}\n');
    const json = await readInputFile(join(folder, "x.json"), "x.json");
    expect(parseInputJson(json, "x.json")).toEqual({ a: 1 });
    expect(parseInputJsonLines(await readInputFile(join(folder, "x.jsonl"), "x.jsonl"), "x.jsonl")).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: { a: 2 } },
    ]);
    // Only the first character: a mark anywhere else is the text's own.
    writeFileSync(join(folder, "twice.json"), '\uFEFF\uFEFF{"a": 1}');
    expect(await readInputFile(join(folder, "twice.json"), "twice.json")).toBe('\uFEFF{"a": 1}');
  });

  it("names a JSON Lines error by the file's line and the column in it", () => {
    const text = '{"request": "a", "expect": null}\r\n\r\n{"request": "b", "expect": nul}\n';
    expect(thrown(() => parseInputJsonLines(text, "corpus.jsonl")).message).toBe(
      "corpus.jsonl: not valid JSON Lines at line 3, column 31: expected null.",
    );
  });

  it("names what could not be read and why, with the code, and reads without a byte order mark", async () => {
    await expect(readInputFile("/nonexistent/x.json", "--replay x.json")).rejects.toThrow(
      /^--replay x\.json: not readable: no such file \(ENOENT\)\.$/,
    );
    await expect(readInputFile("/", "/")).rejects.toThrow(
      /^\/: not readable: it is a directory \(EISDIR\)\.$/,
    );
    const path = join(temporaryDirectory(), "bom.json");
    writeFileSync(path, "\uFEFF[]");
    expect(await readInputFile(path, "bom.json")).toBe("[]");
  });
});
