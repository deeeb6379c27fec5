import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDirectory } from "./cli.test-helpers.js";
import { parseEnvFile, withEnvFile } from "./env-file.js";

describe("parseEnvFile", () => {
  it("reads plain, exported, quoted and commented assignments", () => {
    const text = [
      "# comment",
      "PLAIN=value",
      "export EXPORTED=yes",
      'DOUBLE="line one\\nline two"',
      "SINGLE='kept \\n as is'",
      "TRAILING=value # a comment",
      "EMPTY=",
      "not an assignment",
    ].join("\n");
    expect(parseEnvFile(text)).toEqual({
      PLAIN: "value",
      EXPORTED: "yes",
      DOUBLE: "line one\nline two",
      SINGLE: "kept \\n as is",
      TRAILING: "value",
      EMPTY: "",
    });
  });

  it("reads what the hand-written parser got wrong: multi-line values and backtick quotes", () => {
    const text = [
      'PRIVATE_KEY="-----BEGIN KEY-----',
      "abc",
      '-----END KEY-----"',
      'TEMPLATE=`it\'s "quoted"`',
      "AFTER=still read",
    ].join("\n");
    expect(parseEnvFile(text)).toEqual({
      PRIVATE_KEY: "-----BEGIN KEY-----\nabc\n-----END KEY-----",
      TEMPLATE: 'it\'s "quoted"',
      AFTER: "still read",
    });
  });
});

describe("withEnvFile", () => {
  it("puts ./.env under the environment: a variable already set wins, even when empty", () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, ".env"), "A=from-file\nB=from-file\nC=from-file\n");
    expect(withEnvFile({ A: "from-env", B: "" }, cwd)).toEqual({ A: "from-env", B: "", C: "from-file" });
  });

  it("returns the environment unchanged without a .env", () => {
    const environment = { A: "1" };
    expect(withEnvFile(environment, temporaryDirectory())).toBe(environment);
  });
});
