import { z } from "zod/v4";
import { defineTool } from "../definition/define-tool.js";
import { evaluateExpression, MAX_EXPRESSION_LENGTH } from "./evaluate-expression.js";
import { MAX_EXPRESSION_DEPTH } from "./parse-expression.js";

/** A read tool named `calculator` that evaluates arithmetic with `evaluateExpression` (no eval anywhere). */
export const calculatorTool = defineTool({
  name: "calculator",
  description: {
    does: "Evaluates one arithmetic expression in binary floating point, as JavaScript does, and returns the number",
    useWhen: [
      "the answer needs arithmetic on numbers that are already known: calculate a sum, difference, product, quotient, remainder or power (a percentage as a product: 15% of 80 is 0.15 * 80)",
    ],
    doNotUseWhen: [
      { when: "the numbers still have to be looked up; call the tool that returns them first" },
      {
        when: "the calculation needs functions, variables or units (sqrt, x, km); rewrite it as plain arithmetic",
      },
    ],
    takes: `expression: numbers (12, 0.5, 1e3), + - * / % **, unary signs and parentheses; % is the remainder (7 % 3 is 1), never percent; at most ${MAX_EXPRESSION_LENGTH} characters and ${MAX_EXPRESSION_DEPTH} levels of nesting. -2 ** 2 is -4`,
    returns:
      "the result as a floating-point number, not rounded (0.1 + 0.2 is 0.30000000000000004: round money yourself); a validation error naming the offending token and position for anything else, and NON_FINITE_RESULT for division by zero or overflow",
  },
  input: z.object({
    expression: z.string().describe("Arithmetic only, e.g. (1200 - 150) * 0.2"),
  }),
  effect: "read",
  handler: ({ expression }) => evaluateExpression(expression),
});
