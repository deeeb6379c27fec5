import { ExpressionProblem } from "./expression-problem.js";
import { expectClose, expectedOperand, unexpectedAfterOperand } from "./parse-problems.js";
import type { ExpressionToken, Operator } from "./tokenize-expression.js";

export type ExpressionNode =
  | { readonly kind: "number"; readonly value: number; readonly text: string; readonly position: number }
  | {
      readonly kind: "unary";
      readonly operator: "+" | "-";
      readonly operand: ExpressionNode;
      readonly position: number;
    }
  | {
      readonly kind: "binary";
      readonly operator: Operator;
      readonly left: ExpressionNode;
      readonly right: ExpressionNode;
      readonly position: number;
    };

/** Parentheses, unary signs and the right side of ** each add a level; past this the parse stops. */
export const MAX_EXPRESSION_DEPTH = 64;

/**
 * Recursive descent over the grammar
 *   sum     := product (("+" | "-") product)*
 *   product := unary (("*" | "/" | "%") unary)*
 *   unary   := ("+" | "-") unary | power
 *   power   := primary ("**" unary)?          right-associative: 2 ** 3 ** 2 = 2 ** 9
 *   primary := number | "(" sum ")"
 * so a unary sign binds looser than **: -2 ** 2 is -(2 ** 2) = -4, as in mathematics and Python
 * (JavaScript refuses to parse it); write (-2) ** 2 for 4.
 */
export function parseExpression(tokens: readonly ExpressionToken[]): ExpressionNode {
  let index = 0;
  let depth = 0;
  const peek = (): ExpressionToken => tokens[index] ?? (tokens[tokens.length - 1] as ExpressionToken);
  const isOperator = (
    token: ExpressionToken,
    ...operators: Operator[]
  ): token is ExpressionToken & {
    kind: "operator";
    operator: Operator;
  } => token.kind === "operator" && operators.includes(token.operator);
  const nested = <T>(position: number, parse: () => T): T => {
    depth += 1;
    if (depth > MAX_EXPRESSION_DEPTH) {
      throw new ExpressionProblem(
        "EXPRESSION_TOO_DEEP",
        `The expression nests more than ${MAX_EXPRESSION_DEPTH} levels (at position ${position}); ` +
          "parentheses, unary signs and ** chains each add a level. Simplify it or split it into steps.",
        null,
        position,
      );
    }
    const result = parse();
    depth -= 1;
    return result;
  };

  const sum = (): ExpressionNode => {
    let left = product();
    for (let token = peek(); isOperator(token, "+", "-"); token = peek()) {
      index += 1;
      left = { kind: "binary", operator: token.operator, left, right: product(), position: token.position };
    }
    return left;
  };
  const product = (): ExpressionNode => {
    let left = unary();
    for (let token = peek(); isOperator(token, "*", "/", "%"); token = peek()) {
      index += 1;
      left = { kind: "binary", operator: token.operator, left, right: unary(), position: token.position };
    }
    return left;
  };
  const unary = (): ExpressionNode => {
    const token = peek();
    if (!isOperator(token, "+", "-")) return power();
    index += 1;
    const operand = nested(token.position, unary);
    return { kind: "unary", operator: token.operator as "+" | "-", operand, position: token.position };
  };
  const power = (): ExpressionNode => {
    const base = primary();
    const token = peek();
    if (!isOperator(token, "**")) return base;
    index += 1;
    const exponent = nested(token.position, unary);
    return { kind: "binary", operator: "**", left: base, right: exponent, position: token.position };
  };
  const primary = (): ExpressionNode => {
    const token = peek();
    index += 1;
    if (token.kind === "number") return token;
    if (token.kind === "open") {
      const inner = nested(token.position, sum);
      expectClose(peek(), token.position);
      index += 1;
      return inner;
    }
    throw expectedOperand(token);
  };

  const tree = sum();
  const rest = peek();
  if (rest.kind !== "end") throw unexpectedAfterOperand(rest);
  return tree;
}
