/** Why an expression was refused; each becomes a validation outcome with the same code. */
export type ExpressionProblemCode =
  | "UNSUPPORTED_EXPRESSION"
  | "MALFORMED_EXPRESSION"
  | "EXPRESSION_TOO_LONG"
  | "EXPRESSION_TOO_DEEP"
  | "NON_FINITE_RESULT";

/** Internal: thrown inside the tokenizer/parser/evaluator, always caught by `evaluateExpression`. */
export class ExpressionProblem extends Error {
  readonly code: ExpressionProblemCode;
  readonly token: string | null;
  readonly position: number | null;

  constructor(code: ExpressionProblemCode, message: string, token: string | null, position: number | null) {
    super(message);
    this.name = "ExpressionProblem";
    this.code = code;
    this.token = token;
    this.position = position;
  }
}
