// The sentence for each kind of zod issue: what the value must be, and what came.
import type { z } from "zod/v4";
import { FORMATS, TYPE_NAMES } from "./issue-words.js";
import { cap, count, showValue } from "./show-value.js";

/** At most this many allowed values or unknown keys are named in one problem. */
export const MAX_LISTED = 10;
/** A pattern longer than this is not repeated (zod's email pattern is 100+ characters of noise). */
const MAX_PATTERN = 60;

export interface Shown {
  readonly value: unknown;
  readonly secret: boolean;
  readonly missing: boolean;
}

export function typeProblem(
  issue: z.core.$ZodIssueInvalidType,
  shown: Shown,
  path: readonly PropertyKey[],
): string {
  const { expected } = issue;
  const typed = got(shown, true);
  if (expected === "object" && path.length === 0)
    return `must be an object with the tool's fields, got ${typed}`;
  if (expected === "nonoptional") return `is required, got ${typed}`;
  if (expected === "never" || expected === "undefined" || expected === "void") {
    return `must be left out, got ${typed}`;
  }
  const value = shown.value;
  const kind =
    expected === "number" && typeof value === "number" ? "a finite number" : (TYPE_NAMES[expected] ?? null);
  return `must be ${kind ?? `${article(expected)} ${cap(expected)}`}, got ${typed}`;
}

export function sizeProblem(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, shown: Shown): string {
  const small = issue.code === "too_small";
  const limit = small
    ? (issue as z.core.$ZodIssueTooSmall).minimum
    : (issue as z.core.$ZodIssueTooBig).maximum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      return lengthProblem(
        small,
        Number(limit),
        issue.exact === true,
        inclusive,
        "character",
        shown,
        " long",
      );
    case "array":
    case "set":
      return lengthProblem(small, Number(limit), issue.exact === true, inclusive, "item", shown, "");
    case "file":
      return lengthProblem(small, Number(limit), issue.exact === true, inclusive, "byte", shown, " in size");
    case "date": {
      const when = showDate(limit);
      const bound = small ? (inclusive ? "on or after" : "after") : inclusive ? "on or before" : "before";
      return `must be ${bound} ${when}, got ${got(shown)}`;
    }
    default: {
      const bound = small ? (inclusive ? "at least" : "greater than") : inclusive ? "at most" : "less than";
      return `must be ${bound} ${String(limit)}, got ${got(shown)}`;
    }
  }
}

/** Strings, arrays, sets and files are judged by their length: say the length that came, not the value. */
function lengthProblem(
  small: boolean,
  limit: number,
  exact: boolean,
  inclusive: boolean,
  unit: string,
  shown: Shown,
  tail: string,
): string {
  const verb = unit === "item" ? "have" : "be";
  const length = lengthOf(shown.value);
  const came = length === undefined ? got(shown) : length === 0 ? emptyOf(shown.value) : count(length, unit);
  if (exact) return `must ${verb} exactly ${count(limit, unit)}${tail}, got ${came}`;
  // zod reports the value it judged (after `.trim()`), so a value failing `.min(1)` has length 0.
  if (small && ((inclusive && limit === 1) || (!inclusive && limit === 0))) {
    return `must not be empty, got ${came}`;
  }
  const bound = small ? (inclusive ? "at least" : "more than") : inclusive ? "at most" : "fewer than";
  return `must ${verb} ${bound} ${count(limit, unit)}${tail}, got ${came}`;
}

function emptyOf(value: unknown): string {
  if (typeof value === "string") return "an empty string";
  if (Array.isArray(value)) return "an empty array";
  return `an empty ${value instanceof Set ? "Set" : "value"}`;
}

export function lengthOf(value: unknown): number | undefined {
  if (typeof value === "string" || Array.isArray(value)) return value.length;
  if (value instanceof Set) return value.size;
  if (typeof File !== "undefined" && value instanceof File) return value.size;
  return undefined;
}

function showDate(limit: unknown): string {
  const date = limit instanceof Date ? limit : new Date(Number(limit));
  return Number.isNaN(date.getTime()) ? String(limit) : date.toISOString();
}

export function formatReason(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const details = issue as z.core.$ZodIssueInvalidStringFormat & Record<string, unknown>;
  switch (issue.format) {
    case "regex":
      return typeof issue.pattern === "string" && issue.pattern.length <= MAX_PATTERN
        ? `must match the pattern ${issue.pattern}`
        : "must match the pattern the tool's schema gives";
    case "starts_with":
      return `must start with ${quote(details.prefix)}`;
    case "ends_with":
      return `must end with ${quote(details.suffix)}`;
    case "includes":
      return `must contain ${quote(details.includes)}`;
    default:
      return `must be ${FORMATS[issue.format] ?? `a valid ${cap(issue.format)}`}`;
  }
}

/** 0.01 → "at most 2 decimal places", 1 → "a whole number", 5 → "a multiple of 5". */
export function multipleReason(divisor: number): string {
  if (divisor === 1) return "must be a whole number";
  if (divisor > 0 && divisor < 1) {
    const places = Math.round(-Math.log10(divisor));
    if (Math.abs(10 ** -places - divisor) < 1e-12) {
      return `must have at most ${count(places, "decimal place")}`;
    }
  }
  return `must be a multiple of ${divisor}`;
}

export function valueReason(values: readonly unknown[]): string {
  if (values.length === 1) return `must be ${literal(values[0])}`;
  const listed = values.slice(0, MAX_LISTED).map(literal).join(", ");
  const more = values.length > MAX_LISTED ? `, or one of ${values.length - MAX_LISTED} more` : "";
  return `must be one of ${listed}${more}`;
}

export function got(shown: Shown, typed = false): string {
  if (shown.missing) return "nothing (the field is missing)";
  return showValue(shown.value, { secret: shown.secret, typed });
}

export function listKeys(keys: readonly string[]): string {
  const listed = keys.slice(0, MAX_LISTED).map((key) => JSON.stringify(cap(key)));
  return keys.length > MAX_LISTED
    ? `${listed.join(", ")} and ${keys.length - MAX_LISTED} more`
    : listed.join(", ");
}

export function literal(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(cap(value));
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

function quote(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(cap(value)) : String(value);
}

export function joinOr(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`;
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
