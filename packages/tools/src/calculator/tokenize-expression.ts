import { ExpressionProblem } from "./expression-problem.js";

export type Operator = "+" | "-" | "*" | "/" | "%" | "**";

export type ExpressionToken =
  | { readonly kind: "number"; readonly value: number; readonly text: string; readonly position: number }
  | { readonly kind: "operator"; readonly operator: Operator; readonly position: number }
  | { readonly kind: "open" | "close"; readonly position: number }
  | { readonly kind: "end"; readonly position: number };

const NUMBER_RUN = /[0-9.][0-9A-Za-z_$.]*(?:(?<=[eE])[+-][0-9A-Za-z_$.]*)?/y;
const VALID_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NAME = /[\p{L}\p{N}_$]+/uy;

/** Characters that are never arithmetic, and what they would be in JavaScript (for the message). */
const FORBIDDEN: Readonly<Record<string, string>> = {
  '"': "string literals",
  "'": "string literals",
  "`": "template literals",
  "=": "assignment and comparison",
  ",": "commas (sequences and argument lists)",
  ";": "statements",
  "[": "brackets (arrays and indexing)",
  "]": "brackets (arrays and indexing)",
  "{": "braces (objects and blocks)",
  "}": "braces (objects and blocks)",
  ".": "member access",
  "^": "'^' (write powers with **)",
  "?": "conditionals",
  ":": "conditionals and labels",
};

/**
 * Splits an expression into numbers, the six operators and parentheses. Anything else is refused here,
 * before parsing, with the offending token and its 0-based position.
 */
export function tokenizeExpression(expression: string): ExpressionToken[] {
  const tokens: ExpressionToken[] = [];
  let position = 0;
  while (position < expression.length) {
    const character = expression[position] as string;
    if (/\s/.test(character)) {
      position += 1;
    } else if (
      /[0-9]/.test(character) ||
      (character === "." && /[0-9]/.test(expression[position + 1] ?? ""))
    ) {
      const text = readNumber(expression, position);
      tokens.push({ kind: "number", value: Number(text), text, position });
      position += text.length;
    } else if (character === "*" && expression[position + 1] === "*") {
      tokens.push({ kind: "operator", operator: "**", position });
      position += 2;
    } else if (character === "/" && (expression[position + 1] === "/" || expression[position + 1] === "*")) {
      throw unsupported(expression.slice(position, position + 2), position, "comments");
    } else if ("+-*/%".includes(character)) {
      tokens.push({ kind: "operator", operator: character as Operator, position });
      position += 1;
    } else if (character === "(" || character === ")") {
      tokens.push({ kind: character === "(" ? "open" : "close", position });
      position += 1;
    } else {
      throw forbidden(expression, position);
    }
  }
  tokens.push({ kind: "end", position });
  return tokens;
}

function readNumber(expression: string, position: number): string {
  NUMBER_RUN.lastIndex = position;
  const run = NUMBER_RUN.exec(expression)?.[0] ?? (expression[position] as string);
  if (VALID_NUMBER.test(run)) return run;
  if (/[A-Za-z_$]/.test(run.replace(/^[0-9.]*[eE][+-]?[0-9]*$/, ""))) {
    throw unsupported(
      run,
      position,
      "number forms other than plain decimals (hex, separators, suffixes, member access)",
    );
  }
  throw new ExpressionProblem(
    "MALFORMED_EXPRESSION",
    `"${run}" at position ${position} is not a number; write numbers like 12, 0.5 or 1e3.`,
    run,
    position,
  );
}

function forbidden(expression: string, position: number): ExpressionProblem {
  NAME.lastIndex = position;
  const name = NAME.exec(expression)?.[0];
  if (name) {
    const isCall = /^\s*\(/.test(expression.slice(position + name.length));
    const what = isCall ? "function calls" : "names (variables, constants, functions)";
    return unsupported(name, position, what);
  }
  const character = String.fromCodePoint(expression.codePointAt(position) ?? 0);
  return unsupported(
    character,
    position,
    FORBIDDEN[character] ?? `other operators and characters such as ${JSON.stringify(character)}`,
  );
}

function unsupported(token: string, position: number, what: string): ExpressionProblem {
  return new ExpressionProblem(
    "UNSUPPORTED_EXPRESSION",
    `Unsupported token "${token}" at position ${position}: ${what} are not supported. ` +
      "Use only numbers, + - * / % **, unary signs and parentheses.",
    token,
    position,
  );
}
