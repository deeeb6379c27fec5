import { ExpressionProblem } from "./expression-problem.js";
import type { ExpressionToken } from "./tokenize-expression.js";

export function expectClose(token: ExpressionToken, openedAt: number): void {
  if (token.kind === "close") return;
  if (token.kind === "end") {
    throw malformed(`The "(" at position ${openedAt} is never closed; add ")".`, "(", openedAt);
  }
  throw unexpectedAfterOperand(token);
}

export function expectedOperand(token: ExpressionToken): ExpressionProblem {
  if (token.kind === "end") {
    return malformed(
      `The expression ends where a number was expected (position ${token.position}).`,
      "",
      token.position,
    );
  }
  const text = tokenText(token);
  return malformed(
    `Expected a number or "(" at position ${token.position} but found "${text}".`,
    text,
    token.position,
  );
}

/** After a complete operand only an operator or ")" may follow. "(" there would be a call. */
export function unexpectedAfterOperand(token: ExpressionToken): ExpressionProblem {
  if (token.kind === "open") {
    return new ExpressionProblem(
      "UNSUPPORTED_EXPRESSION",
      `Unsupported token "(" at position ${token.position}: calls and implicit multiplication are not ` +
        "supported; write the operator, e.g. 2 * (3 + 4).",
      "(",
      token.position,
    );
  }
  if (token.kind === "close") {
    return malformed(`The ")" at position ${token.position} has no matching "(".`, ")", token.position);
  }
  const text = tokenText(token);
  return malformed(`Missing operator before "${text}" at position ${token.position}.`, text, token.position);
}

function tokenText(token: ExpressionToken): string {
  switch (token.kind) {
    case "number":
      return token.text;
    case "operator":
      return token.operator;
    case "open":
      return "(";
    case "close":
      return ")";
    case "end":
      return "";
  }
}

function malformed(message: string, token: string, position: number): ExpressionProblem {
  return new ExpressionProblem(
    "MALFORMED_EXPRESSION",
    `${message} Fix the expression and call again.`,
    token,
    position,
  );
}
