import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDirectory } from "../cli.test-helpers.js";
import { parseCorpus, readCorpus } from "./corpus.js";

const tools = new Set(["lookup_order", "escalate_to_human"]);

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("nothing was thrown");
};

describe("parseCorpus", () => {
  it("reads JSON Lines by line number, blank lines and a byte order mark skipped", async () => {
    const path = join(temporaryDirectory(), "c.jsonl");
    writeFileSync(
      path,
      '\uFEFF{"request": "Where is ORD-1?", "expect": "lookup_order"}\r\n\r\n{"request": "hi", "expect": null}\n',
    );
    expect(await readCorpus(path, tools, "c.jsonl")).toEqual([
      { line: 1, request: "Where is ORD-1?", expect: "lookup_order" },
      { line: 3, request: "hi", expect: null },
    ]);
  });

  it("names the line and the column of a JSON error, with the reason, never quoting the line", () => {
    const text = '{"request": "a", "expect": null}\n\n{"request": "sk-ant-secret", "expect": nul}\n';
    const message = messageOf(() => parseCorpus(text, "c.jsonl", tools));
    expect(message).toBe("c.jsonl: not valid JSON Lines at line 3, column 43: expected null.");
    expect(
      messageOf(() => parseCorpus('{"request": "a", "expect": "lookup_order",}', "c.jsonl", tools)),
    ).toBe("c.jsonl: not valid JSON Lines at line 1, column 43: a trailing comma.");
  });

  it("names the line of an entry that is JSON but not a corpus entry", () => {
    expect(messageOf(() => parseCorpus("[1]\n", "c.jsonl", tools))).toBe(
      'c.jsonl:1: expected an object { "request", "expect" }.',
    );
    expect(messageOf(() => parseCorpus("\n\n", "c.jsonl", tools))).toBe("c.jsonl holds no requests.");
  });
});
