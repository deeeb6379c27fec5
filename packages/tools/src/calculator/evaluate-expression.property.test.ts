import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluate-expression.js";

type Node =
  | { kind: "number"; value: number }
  | { kind: "negate"; operand: Node }
  | { kind: "binary"; operator: "+" | "-" | "*" | "/" | "%" | "**"; left: Node; right: Node };

const PRECEDENCE = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, negate: 3, "**": 4, number: 5 } as const;

const nodes = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: 0, max: 12 }).map((value): Node => ({ kind: "number", value })),
    tie("node").map((operand): Node => ({ kind: "negate", operand })),
    fc
      .record({
        operator: fc.constantFrom("+", "-", "*", "/", "%", "**") as fc.Arbitrary<
          "+" | "-" | "*" | "/" | "%" | "**"
        >,
        left: tie("node"),
        right: tie("node"),
      })
      .map((binary): Node => ({ kind: "binary", ...binary })),
  ),
})).node;

/** The reference: direct evaluation of the tree; null when any step is not finite. */
function reference(node: Node): number | null {
  if (node.kind === "number") return node.value;
  if (node.kind === "negate") {
    const operand = reference(node.operand);
    return operand === null ? null : -operand;
  }
  const left = reference(node.left);
  const right = reference(node.right);
  if (left === null || right === null) return null;
  const operations = {
    "+": left + right,
    "-": left - right,
    "*": left * right,
    "/": left / right,
    "%": left % right,
    "**": left ** right,
  };
  const result = operations[node.operator];
  return Number.isFinite(result) ? result : null;
}

function precedence(node: Node): number {
  return PRECEDENCE[node.kind === "binary" ? node.operator : node.kind];
}

/** Prints with the fewest parentheses the grammar needs, so precedence and associativity are exercised. */
function print(node: Node): string {
  if (node.kind === "number") return String(node.value);
  if (node.kind === "negate") {
    const operand = print(node.operand);
    return precedence(node.operand) < PRECEDENCE.negate ? `-(${operand})` : `- ${operand}`;
  }
  const own = precedence(node);
  const rightAssociative = node.operator === "**";
  const leftNeedsParentheses = rightAssociative ? precedence(node.left) <= own : precedence(node.left) < own;
  const rightNeedsParentheses = rightAssociative
    ? precedence(node.right) < PRECEDENCE.negate
    : precedence(node.right) <= own;
  const left = leftNeedsParentheses ? `(${print(node.left)})` : print(node.left);
  const right = rightNeedsParentheses ? `(${print(node.right)})` : print(node.right);
  return `${left} ${node.operator} ${right}`;
}

describe("evaluateExpression: laws", () => {
  it("agrees with a reference evaluator on random arithmetic over small integers", () => {
    fc.assert(
      fc.property(nodes, (node) => {
        const expression = print(node);
        fc.pre(expression.length <= 1000);
        const expected = reference(node);
        const outcome = evaluateExpression(expression);
        if (outcome.kind === "error" && outcome.code === "EXPRESSION_TOO_DEEP") return;
        if (expected === null) {
          expect(outcome).toMatchObject({ kind: "error", code: "NON_FINITE_RESULT" });
        } else {
          expect(outcome).toEqual({ kind: "success", isError: false, data: expected === 0 ? 0 : expected });
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on random garbage, and always returns success or a validation error", () => {
    const garbage = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({
        unit: fc.constantFrom(..."0123456789+-*/%().eE ,=[]{}`'\"abcxyz_$^&|!?:;"),
        maxLength: 80,
      }),
    );
    fc.assert(
      fc.property(garbage, (expression) => {
        const outcome = evaluateExpression(expression);
        if (outcome.kind === "success") expect(Number.isFinite(outcome.data)).toBe(true);
        else expect(outcome).toMatchObject({ kind: "error", category: "validation" });
      }),
      { numRuns: 1000 },
    );
  });
});
