import type { ToolOutcome } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluate-expression.js";

function value(expression: string): unknown {
  const outcome = evaluateExpression(expression);
  if (outcome.kind !== "success")
    throw new Error(`expected success for ${expression}: ${JSON.stringify(outcome)}`);
  return outcome.data;
}

function refusal(expression: string): Extract<ToolOutcome, { kind: "error" }> {
  const outcome = evaluateExpression(expression);
  if (outcome.kind !== "error") throw new Error(`expected an error for ${expression}`);
  expect(outcome.category).toBe("validation");
  return outcome;
}

describe("evaluateExpression: arithmetic", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 - 4 - 3", 3],
    ["100 / 10 / 5", 2],
    ["7 % 3", 1],
    ["-7 % 3", -1],
    ["2 ** 10", 1024],
    ["2 ** 3 ** 2", 512],
    ["(2 ** 3) ** 2", 64],
    ["2 ** -1", 0.5],
    ["-2 ** 2", -4],
    ["(-2) ** 2", 4],
    ["--5", 5],
    ["+-+3", -3],
    ["1.5e3 + .5", 1500.5],
    ["1.", 1],
    ["2E-2", 0.02],
    ["  (  ( 42 ) )  ", 42],
    ["0.1 + 0.2", 0.1 + 0.2],
    ["-0", 0],
    ["(1200 - 150) * 0.2", 210],
  ])("evaluates %s to %d", (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });
});

describe("evaluateExpression: refused input", () => {
  it.each([
    ["Math.PI", "Math", 0],
    ["sqrt(4)", "sqrt", 0],
    ["2 * x", "x", 4],
    ["Infinity", "Infinity", 0],
    ["process.exit(1)", "process", 0],
    ['"1" + 1', '"', 0],
    ["'a'", "'", 0],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal is the input under test.
    ["`${1}`", "`", 0],
    ["x = 1", "x", 0],
    ["1 = 1", "=", 2],
    ["1 == 1", "=", 2],
    ["1, 2", ",", 1],
    ["[1][0]", "[", 0],
    ["{}", "{", 0],
    ["1 .toString()", ".", 2],
    ["1.toString()", "1.toString", 0],
    ["0x1F", "0x1F", 0],
    ["1_000", "1_000", 0],
    ["10n", "10n", 0],
    ["2 ^ 3", "^", 2],
    ["1 // 2", "//", 2],
    ["1 & 2", "&", 2],
    ["(1)(2)", "(", 3],
    ["2 (3)", "(", 2],
    ["a?1:2", "a", 0],
    ["π * 2", "π", 0],
  ])("refuses %s as UNSUPPORTED_EXPRESSION naming %j at position %d", (expression, token, position) => {
    const outcome = refusal(expression);
    expect(outcome.code).toBe("UNSUPPORTED_EXPRESSION");
    expect(outcome.details).toEqual({ token, position });
    expect(outcome.message).toContain(`"${token}" at position ${position}`);
  });

  it("says a name followed by ( is a function call", () => {
    expect(refusal("max(1, 2)").message).toContain("function calls");
  });

  it("tells the model to write powers with ** when it uses ^", () => {
    expect(refusal("2^3").message).toContain("**");
  });

  it.each([
    ["", ""],
    ["1 +", ""],
    ["(1 + 2", "("],
    ["1 + 2)", ")"],
    ["1 2", "2"],
    ["* 2", "*"],
    ["1.2.3", "1.2.3"],
    ["1e", "1e"],
    ["2 ** ** 2", "**"],
  ])("refuses %j as MALFORMED_EXPRESSION", (expression, token) => {
    const outcome = refusal(expression);
    expect(outcome.code).toBe("MALFORMED_EXPRESSION");
    expect(outcome.details?.token).toBe(token);
  });

  it("refuses an expression over 1,000 characters before reading it", () => {
    const outcome = refusal(`${"1+".repeat(500)}1`);
    expect(outcome.code).toBe("EXPRESSION_TOO_LONG");
    expect(value(`${"1+".repeat(499)}1`)).toBe(500);
  });

  it("accepts 64 levels of parentheses and refuses 65", () => {
    expect(value(`${"(".repeat(64)}1${")".repeat(64)}`)).toBe(1);
    expect(refusal(`${"(".repeat(65)}1${")".repeat(65)}`).code).toBe("EXPRESSION_TOO_DEEP");
  });

  it("counts unary signs and ** chains as levels too", () => {
    expect(refusal(`${"-".repeat(65)}1`).code).toBe("EXPRESSION_TOO_DEEP");
    expect(refusal(`${"1**".repeat(65)}1`).code).toBe("EXPRESSION_TOO_DEEP");
  });

  it.each([
    ["1 / 0", "/", "divides by zero"],
    ["5 % 0", "%", "divides by zero"],
    ["10 ** 400", "**", "overflows"],
    ["(-8) ** 0.5", "**", "not a real number"],
    ["1e308 * 10", "*", "overflows"],
    ["1e309", "1e309", "too large"],
  ])("refuses %s as NON_FINITE_RESULT rather than returning Infinity or NaN", (expression, token, reason) => {
    const outcome = refusal(expression);
    expect(outcome.code).toBe("NON_FINITE_RESULT");
    expect(outcome.details?.token).toBe(token);
    expect(outcome.message).toContain(reason);
  });

  it("refuses an overflow in the middle even when the end result would look finite", () => {
    expect(refusal("1 / 10 ** 400").code).toBe("NON_FINITE_RESULT");
  });

  it("refuses a value that is not a string", () => {
    expect(refusal(42 as unknown as string).code).toBe("UNSUPPORTED_EXPRESSION");
  });
});
