import { success, type ToolOutcome, validationError } from "@keel/errors";
import { ExpressionProblem } from "./expression-problem.js";
import { type ExpressionNode, parseExpression } from "./parse-expression.js";
import { tokenizeExpression } from "./tokenize-expression.js";

/** Longer input is refused before it is read. */
export const MAX_EXPRESSION_LENGTH = 1000;

/**
 * Evaluates arithmetic safely: a hand-written tokenizer and recursive-descent parser, never eval or
 * Function. Allowed: numbers (12, 0.5, .5, 1e3), + - * / % **, unary signs (repeatable: --5 is 5) and
 * parentheses. `%` is JavaScript's remainder (sign of the dividend); `-2 ** 2` is -4.
 * Never throws. Refusals are validation outcomes: UNSUPPORTED_EXPRESSION (a token outside that set, with
 * its 0-based position), MALFORMED_EXPRESSION (allowed tokens in a broken order), EXPRESSION_TOO_LONG
 * (over 1,000 characters), EXPRESSION_TOO_DEEP (over 64 levels), NON_FINITE_RESULT (division by zero,
 * overflow or NaN anywhere in the computation, so 1 / 10 ** 400 is refused rather than silently 0).
 */
export function evaluateExpression(expression: string): ToolOutcome<number> {
  try {
    if (typeof expression !== "string") {
      throw new ExpressionProblem("UNSUPPORTED_EXPRESSION", "The expression must be a string.", null, null);
    }
    if (expression.length > MAX_EXPRESSION_LENGTH) {
      throw new ExpressionProblem(
        "EXPRESSION_TOO_LONG",
        `The expression is ${expression.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}. ` +
          "Split the calculation into smaller steps.",
        null,
        null,
      );
    }
    const value = evaluate(parseExpression(tokenizeExpression(expression)));
    return success(Object.is(value, -0) ? 0 : value);
  } catch (error) {
    if (!(error instanceof ExpressionProblem)) throw error;
    const details = {
      ...(error.token === null ? {} : { token: error.token }),
      ...(error.position === null ? {} : { position: error.position }),
    };
    return validationError(error.code, error.message, { details });
  }
}

function evaluate(node: ExpressionNode): number {
  switch (node.kind) {
    case "number":
      return finite(node.value, node, `The number ${node.text} is too large to represent.`);
    case "unary": {
      const operand = evaluate(node.operand);
      return node.operator === "-" ? -operand : operand;
    }
    case "binary": {
      const left = evaluate(node.left);
      const right = evaluate(node.right);
      return finite(apply(node.operator, left, right), node, nonFiniteReason(node.operator, right));
    }
  }
}

function apply(operator: string, left: number, right: number): number {
  switch (operator) {
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return left / right;
    case "%":
      return left % right;
    default:
      return left ** right;
  }
}

function nonFiniteReason(operator: string, right: number): string {
  if ((operator === "/" || operator === "%") && right === 0) return "it divides by zero";
  if (operator === "**") return "the power overflows or is not a real number";
  return "the result overflows";
}

function finite(value: number, node: ExpressionNode, reason: string): number {
  if (Number.isFinite(value)) return value;
  const operator = node.kind === "number" ? node.text : node.operator;
  const because = reason.startsWith("The number")
    ? reason
    : `The "${operator}" at position ${node.position} has no finite result: ${reason}.`;
  throw new ExpressionProblem(
    "NON_FINITE_RESULT",
    `${because} Check the numbers; the answer is not Infinity.`,
    operator,
    node.position,
  );
}
