import type { JsonObject } from "@keel/errors";
import type { z } from "zod";

/** One field that failed the input schema, as the model reads it in `details.fields`. */
export interface FieldProblem extends JsonObject {
  readonly path: string;
  readonly expected: string;
  readonly received: string;
}

type Issue = z.core.$ZodIssue;

/** Turns zod issues into one entry per field: where (`order.items[0].sku`), what was expected, what came. */
export function describeIssues(issues: readonly Issue[], input: unknown): FieldProblem[] {
  return issues.map((issue) => ({
    path: formatPath(issue.path),
    expected: expectation(issue),
    received: describeValue(valueAt(input, issue.path)),
  }));
}

/** `(input)` for the root, `a.b[0].c` below it. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(input)";
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const key = String(segment);
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `[${JSON.stringify(key)}]`;
      return index === 0 ? key : `.${key}`;
    })
    .join("");
}

function expectation(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "object" && issue.path.length === 0
        ? "an object with the tool's fields"
        : `${article(issue.expected)} ${issue.expected}`;
    case "invalid_value":
      return `one of ${issue.values.map(showPrimitive).join(", ")}`;
    case "unrecognized_keys":
      return `no other fields (remove ${issue.keys.map((key) => JSON.stringify(key)).join(", ")})`;
    case "too_small":
    case "too_big":
      return issue.message.replace(/^Too (?:small|big): expected /, "");
    case "invalid_format":
      if (!/^Invalid\b/.test(issue.message)) return issue.message;
      return issue.format === "regex" && "pattern" in issue && typeof issue.pattern === "string"
        ? `a string matching ${issue.pattern}`
        : `a valid ${issue.format}`;
    default:
      return issue.message.replace(/^Invalid input:\s*/i, "");
  }
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "number" && Number.isNaN(value)) return "NaN";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string")
    return value.length > 40 ? "a string" : `the string ${JSON.stringify(value)}`;
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return typeof value;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function showPrimitive(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
