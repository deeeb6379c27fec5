import type { JsonObject } from "@keel/errors";
import { isSecretKey } from "@keel/secrets";
import type { z } from "zod/v4";
import {
  article,
  formatReason,
  got,
  joinOr,
  lengthOf,
  listKeys,
  literal,
  MAX_LISTED,
  multipleReason,
  type Shown,
  sizeProblem,
  typeProblem,
  valueReason,
} from "./issue-reasons.js";
import { TYPE_NAMES } from "./issue-words.js";
import { cap, count, showValue } from "./show-value.js";

/** One field that failed a schema, as the model reads it in `details.fields` (and one line of the message). */
export interface FieldProblem extends JsonObject {
  /** Where: `(input)` for the input itself, `order.items[0].sku` below it. */
  readonly path: string;
  /**
   * What is wrong and what came, a sentence that reads after the path:
   * "must be at least 3 characters long, got 1 character". A message the schema gives is used verbatim as
   * the reason ("must be a customer id such as C-1001"), followed by what came.
   */
  readonly problem: string;
}

type Issue = z.core.$ZodIssue;

/** At most this many problems are listed; the rest are counted, so hostile input cannot make a huge answer. */
export const MAX_FIELD_PROBLEMS = 20;
/** At most this many forms of a union are described, each by its first problem. */
const MAX_FORMS = 3;

/**
 * Stands in for zod's own wording: zod uses a schema's message first and this one otherwise, so an issue
 * carrying it had no message from the schema and gets Keel's phrasing (whatever zod locale is configured).
 */
export const NO_SCHEMA_MESSAGE = "\u0000keel:no-schema-message";

/**
 * `schema.safeParse` for an answer to the model (a call's input and a tool's output): a schema's own messages
 * are kept, zod's own carry `NO_SCHEMA_MESSAGE` for rewording, and each issue carries the value it judged
 * (after `.trim()` and transforms). `describeIssues` reads issues from here only.
 */
export function parseForModel(schema: z.ZodType, input: unknown): ReturnType<z.ZodType["safeParse"]> {
  // Valid input takes zod's fast path: parse options cost ~1 µs a call (they turn it off), so only input
  // that fails is parsed again with them, to word its issues.
  const plain = schema.safeParse(input);
  if (plain.success) return plain;
  return schema.safeParse(input, { error: () => NO_SCHEMA_MESSAGE, reportInput: true });
}

/**
 * Turns zod issues into problems the model acts on: which field (`order.items[0].sku`), what it must be and
 * what came ("must be greater than 0, got -5"). Every zod 4 issue code has its own sentence; values are
 * shown short and never when they look like secrets. One problem for an empty field, not one per check.
 */
export function describeIssues(issues: readonly Issue[], input: unknown): FieldProblem[] {
  const problems = onlyEmptiness(issues, input).flatMap((issue) => describeIssue(issue, input, []));
  if (problems.length <= MAX_FIELD_PROBLEMS) return problems;
  const more = problems.length - MAX_FIELD_PROBLEMS;
  return [
    ...problems.slice(0, MAX_FIELD_PROBLEMS),
    {
      path: "(input)",
      problem: `has ${count(more, "more problem")} not listed here; fix the ones above and call again`,
    },
  ];
}

/** `(input)` for the root, `a.b[0].c` below it; each key cut to 40 characters. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(input)";
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const key = cap(String(segment));
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `[${JSON.stringify(key)}]`;
      return index === 0 ? key : `.${key}`;
    })
    .join("");
}

/** An empty value fails `.min(1)` and, usually, a format check too: "must not be empty" says it all. */
function onlyEmptiness(issues: readonly Issue[], input: unknown): readonly Issue[] {
  const empty = new Set(
    issues.filter((issue) => isEmptinessIssue(issue, input)).map((issue) => pathKey(issue.path)),
  );
  if (empty.size === 0) return issues;
  return issues.filter((issue) => !empty.has(pathKey(issue.path)) || isEmptinessIssue(issue, input));
}

function isEmptinessIssue(issue: Issue, input: unknown): boolean {
  if (issue.code !== "too_small" || isSchemaMessage(issue)) return false;
  const value = judged(issue, input, issue.path);
  return lengthOf(value) === 0 || (typeof value === "string" && value.trim() === "");
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map(String));
}

function describeIssue(issue: Issue, root: unknown, prefix: readonly PropertyKey[]): FieldProblem[] {
  const path = [...prefix, ...issue.path];
  const value = judged(issue, root, path);
  const secret = path.some((segment) => typeof segment === "string" && isSecretKey(segment));
  const shown: Shown = { value, secret, missing: value === undefined && path.length > 0 };
  if (!isSchemaMessage(issue) && issue.code === "unrecognized_keys") return unknownKeys(issue, path);
  if (!isSchemaMessage(issue) && issue.code === "invalid_union") return union(issue, root, path, shown);
  return [{ path: formatPath(path), problem: problemOf(issue, shown, path) }];
}

/** The sentence for one issue at its place (the path is said by the caller). */
function problemOf(issue: Issue, shown: Shown, path: readonly PropertyKey[]): string {
  if (isSchemaMessage(issue)) {
    return `${schemaReason(issue.message)}, got ${got(shown, issue.code === "invalid_type")}`;
  }
  switch (issue.code) {
    case "invalid_type":
      return typeProblem(issue, shown, path);
    case "too_small":
    case "too_big":
      return sizeProblem(issue, shown);
    case "invalid_format":
      return `${formatReason(issue)}, got ${got(shown)}`;
    case "not_multiple_of":
      return `${multipleReason(issue.divisor)}, got ${got(shown)}`;
    case "invalid_value":
      return `${valueReason(issue.values)}, got ${got(shown)}`;
    case "invalid_key":
      return `is not an allowed key: ${nested(issue.issues, path.at(-1), shown)}`;
    case "invalid_element":
      return issue.origin === "map"
        ? `has a value that is not allowed at key ${showValue(issue.key, { secret: shown.secret })}: ${nested(issue.issues, undefined, shown)}`
        : `has an element that is not allowed: ${nested(issue.issues, undefined, shown)}`;
    case "unrecognized_keys":
      return `has fields it does not accept (${listKeys(issue.keys)}): remove them`;
    case "invalid_union":
      return `matches none of the forms it may take, got ${got(shown)}`;
    case "custom":
      return `fails a check of the tool's schema (it gives no reason), got ${got(shown)}`;
    default:
      return `is not valid, got ${got(shown)}`;
  }
}

function unknownKeys(issue: z.core.$ZodIssueUnrecognizedKeys, path: readonly PropertyKey[]): FieldProblem[] {
  const where = path.length === 0 ? "is not a field of this tool" : "is not a field accepted here";
  const problems: FieldProblem[] = issue.keys
    .slice(0, MAX_LISTED)
    .map((key) => ({ path: formatPath([...path, key]), problem: `${where}: remove it` }));
  if (issue.keys.length > MAX_LISTED) {
    problems.push({
      path: formatPath(path),
      problem: `has ${count(issue.keys.length - MAX_LISTED, "more field")} it does not accept: send only the fields the schema lists`,
    });
  }
  return problems;
}

function union(
  issue: z.core.$ZodIssueInvalidUnion,
  root: unknown,
  path: readonly PropertyKey[],
  shown: Shown,
): FieldProblem[] {
  const at = formatPath(path);
  if (issue.inclusive === false) {
    return [
      { path: at, problem: "matches more than one of the forms it may take: make it match exactly one" },
    ];
  }
  if (issue.errors.length === 0) {
    // A discriminator that matched no option: zod reports the object as the input, the key as the path.
    const options = "options" in issue && Array.isArray(issue.options) ? issue.options : [];
    const reason = options.length > 0 ? valueReason(options) : "is not one of the allowed values";
    const value = valueAt(root, path) ?? discriminatorValue(issue, path);
    return [
      { path: at, problem: `${reason}, got ${got({ ...shown, value, missing: value === undefined })}` },
    ];
  }
  const kinds = issue.errors.map((branch) => (branch.length === 1 ? kindOf(branch[0]) : null));
  if (kinds.every((kind) => kind !== null)) {
    return [
      { path: at, problem: `must be ${joinOr([...new Set(kinds)] as string[])}, got ${got(shown, true)}` },
    ];
  }
  const forms = issue.errors.slice(0, MAX_FORMS).map((branch, index) => {
    const [first] = branch;
    const said = first ? describeIssue(first, root, path)[0] : undefined;
    const where = said && said.path !== at ? `${relative(said.path, at)} ` : "";
    const more = branch.length > 1 ? ` (and ${count(branch.length - 1, "more problem")})` : "";
    return `form ${index + 1}: ${where}${said?.problem ?? "does not match"}${more}`;
  });
  const rest = issue.errors.length > MAX_FORMS ? `; and ${issue.errors.length - MAX_FORMS} more forms` : "";
  return [
    {
      path: at,
      problem: `matches none of the ${issue.errors.length} forms it may take: ${forms.join("; ")}${rest}`,
    },
  ];
}

/** "order.items[0].sku" inside "order" → "items[0].sku". */
function relative(path: string, base: string): string {
  if (base === "(input)") return path;
  const rest = path.startsWith(base) ? path.slice(base.length) : path;
  return rest.startsWith(".") ? rest.slice(1) : rest;
}

function discriminatorValue(issue: z.core.$ZodIssueInvalidUnion, path: readonly PropertyKey[]): unknown {
  const key = issue.discriminator ?? path.at(-1);
  const object = issue.input;
  return typeof object === "object" && object !== null && key !== undefined
    ? (object as Record<PropertyKey, unknown>)[key]
    : undefined;
}

/** What one union branch wanted, when it failed on the value's type or literal value alone. */
function kindOf(issue: Issue | undefined): string | null {
  if (!issue || issue.path.length > 0 || isSchemaMessage(issue)) return null;
  if (issue.code === "invalid_type")
    return TYPE_NAMES[issue.expected] ?? `${article(issue.expected)} ${issue.expected}`;
  if (issue.code === "invalid_value") return issue.values.map(literal).join(" or ");
  return null;
}

/** The reason inside an invalid key or element, without its "got" (the key or element is named already). */
function nested(issues: readonly Issue[], fallback: unknown, shown: Shown): string {
  const first = issues[0];
  if (!first) return "it fails the schema";
  const value = "input" in first ? first.input : fallback;
  return problemOf(first, { value, secret: shown.secret, missing: false }, first.path);
}

/**
 * An issue whose message came from the schema (`.regex(re, "must be ...")`, `refine(fn, "...")`), even one
 * that reads like zod's ("Invalid SKU"): under `parseForModel` every other issue carries the stand-in.
 */
function isSchemaMessage(issue: Issue): boolean {
  return issue.message !== NO_SCHEMA_MESSAGE;
}

/** A schema's message, verbatim, as the reason: only a closing full stop goes (", got ..." follows). */
function schemaReason(message: string): string {
  return message.trim().replace(/\.$/, "");
}

/** The value an issue judged: zod reports it (after trims and transforms) under `parseForModel`. */
function judged(issue: Issue, root: unknown, path: readonly PropertyKey[]): unknown {
  return "input" in issue ? issue.input : valueAt(root, path);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}
