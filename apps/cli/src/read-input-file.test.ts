import { describe, expect, it } from "vitest";
import { jsonErrorPlace, parseInputJson, readInputFile } from "./read-input-file.js";
import { UsageError } from "./usage-error.js";

const errorOf = (text: string): unknown => {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
  throw new Error("parsed");
};

describe("one wording for input files", () => {
  it("places a JSON error by line and column, never quoting the text", () => {
    const text = '{\n  "token": "sk-secret",\n  oops\n}';
    expect(jsonErrorPlace(text, errorOf(text))).toBe(" at line 3, column 3");
    expect(() => parseInputJson(text, "cfg.json", "the config")).toThrow(
      /^The config cfg\.json is not valid JSON at line 3, column 3\.$/,
    );
    const error = (() => {
      try {
        parseInputJson(text, "cfg.json", "the config");
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(UsageError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).not.toContain("sk-secret");
  });

  it("says a file ended too early rather than pointing past its end", () => {
    expect(jsonErrorPlace("[1, 2", errorOf("[1, 2"))).toMatch(
      /^( at line 1, column 6| \(it ends too early\))$/,
    );
  });

  it("names what could not be read and why, with the code", async () => {
    await expect(readInputFile("/nonexistent/x.json", "the cassette")).rejects.toThrow(
      /^Cannot read the cassette \/nonexistent\/x\.json: no such file \(ENOENT\)\.$/,
    );
    await expect(readInputFile("/", "the trace file")).rejects.toThrow(/it is a directory \(EISDIR\)/);
  });
});
