import { describe, expect, it } from "vitest";
import { callTool } from "../toolset/toolset.test-helpers.js";
import { calculatorTool } from "./calculator-tool.js";

// The description is what the model reads before it calls the tool: each worked example it quotes must be what
// the tool returns, so a change to either the wording or the arithmetic that makes them disagree fails here.
const description = calculatorTool.renderedDescription;
async function calculate(expression: string) {
  return callTool(calculatorTool, { expression });
}

/** Every "<arithmetic> is <number>" example the description quotes, e.g. "7 % 3 is 1". */
function quotedExamples(text: string): { expression: string; claimed: number }[] {
  const number = String.raw`-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
  const operator = String.raw`(?:\*\*|[-+*/%])`;
  const example = new RegExp(String.raw`(${number}(?:\s*${operator}\s*${number})+) is (${number})\b`, "g");
  return [...text.matchAll(example)].map((match) => ({
    expression: match[1] as string,
    claimed: Number(match[2]),
  }));
}

describe("the calculator's description matches its behaviour", () => {
  it("quotes the exact binary floating-point result of 0.1 + 0.2, which the tool returns unrounded", async () => {
    const outcome = await calculate("0.1 + 0.2");
    expect(outcome).toEqual({ kind: "success", isError: false, data: 0.1 + 0.2 });
    expect(description).toMatch(/binary floating point/);
    expect(description).toContain(`0.1 + 0.2 is ${String(0.1 + 0.2)}`);
    expect(description).toContain("0.30000000000000004");
  });

  it("says % is the remainder, never percent, and the tool computes a remainder (sign of the dividend)", async () => {
    expect(description).toMatch(/% is the remainder/);
    expect(description).toMatch(/never percent/);
    for (const [expression, remainder] of [
      ["7 % 3", 1],
      ["-7 % 3", -1],
      ["7 % -3", 1],
      ["5.5 % 2", 1.5],
      ["100 % 15", 10],
    ] as const) {
      expect(await calculate(expression), expression).toEqual({
        kind: "success",
        isError: false,
        data: remainder,
      });
    }
  });

  it("refuses a percent sign used as percent rather than reading it as a percentage", async () => {
    for (const expression of ["15%", "15% * 80", "80 * 15%"]) {
      expect(await calculate(expression), expression).toMatchObject({
        kind: "error",
        category: "validation",
      });
    }
    // The description's way to a percentage gives it: 15% of 80 as 0.15 * 80.
    expect(description).toContain("15% of 80 is 0.15 * 80");
    expect(await calculate("0.15 * 80")).toMatchObject({ kind: "success", data: 0.15 * 80 });
  });

  it("every worked example the description quotes evaluates to the number it claims", async () => {
    const examples = quotedExamples(description);
    expect(examples.map((example) => example.expression)).toEqual(
      expect.arrayContaining(["0.1 + 0.2", "7 % 3", "-2 ** 2"]),
    );
    for (const { expression, claimed } of examples) {
      expect(await calculate(expression), `"${expression} is ${claimed}" in the description`).toEqual({
        kind: "success",
        isError: false,
        data: claimed,
      });
    }
  });
});
