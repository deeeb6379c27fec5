import type { ToolOutcome } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import expressions from "./__fixtures__/expressions.json" with { type: "json" };
import { evaluateExpression } from "./evaluate-expression.js";

/** The calculator's cases, one table per outcome (`__fixtures__/expressions.json`). */
const EXPRESSIONS = z
  .strictObject({
    comment: z.string(),
    arithmetic: z.array(z.tuple([z.string(), z.number()])),
    unsupported: z.array(z.tuple([z.string(), z.string(), z.int()])),
    malformed: z.array(z.tuple([z.string(), z.string()])),
    nonFinite: z.array(z.tuple([z.string(), z.string(), z.string()])),
  })
  .parse(expressions);

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
  it.each(EXPRESSIONS.arithmetic)("evaluates %s to %d", (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });
});

describe("evaluateExpression: refused input", () => {
  it.each(EXPRESSIONS.unsupported)(
    "refuses %s as UNSUPPORTED_EXPRESSION naming %j at position %d",
    (expression, token, position) => {
      const outcome = refusal(expression);
      expect(outcome.code).toBe("UNSUPPORTED_EXPRESSION");
      expect(outcome.details).toEqual({ token, position });
      expect(outcome.message).toContain(`"${token}" at position ${position}`);
    },
  );

  it("says a name followed by ( is a function call", () => {
    expect(refusal("max(1, 2)").message).toContain("function calls");
  });

  it("tells the model to write powers with ** when it uses ^", () => {
    expect(refusal("2^3").message).toContain("**");
  });

  it.each(EXPRESSIONS.malformed)("refuses %j as MALFORMED_EXPRESSION", (expression, token) => {
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

  it.each(EXPRESSIONS.nonFinite)(
    "refuses %s as NON_FINITE_RESULT rather than returning Infinity or NaN",
    (expression, token, reason) => {
      const outcome = refusal(expression);
      expect(outcome.code).toBe("NON_FINITE_RESULT");
      expect(outcome.details?.token).toBe(token);
      expect(outcome.message).toContain(reason);
    },
  );

  it("refuses an overflow in the middle even when the end result would look finite", () => {
    expect(refusal("1 / 10 ** 400").code).toBe("NON_FINITE_RESULT");
  });

  it("refuses a value that is not a string", () => {
    expect(refusal(42 as unknown as string).code).toBe("UNSUPPORTED_EXPRESSION");
  });
});
