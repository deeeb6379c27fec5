import type { JsonObject } from "@keel/errors";
import { isSecretKey } from "@keel/secrets";
import type { z } from "zod/v4";
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
/** At most this many allowed values or unknown keys are named in one problem. */
const MAX_LISTED = 10;
/** A pattern longer than this is not repeated (zod's email pattern is 100+ characters of noise). */
const MAX_PATTERN = 60;
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

interface Shown {
  readonly value: unknown;
  readonly secret: boolean;
  readonly missing: boolean;
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

function typeProblem(issue: z.core.$ZodIssueInvalidType, shown: Shown, path: readonly PropertyKey[]): string {
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

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  bigint: "a whole number (bigint)",
  null: "null",
  date: "a date",
  array: "an array",
  tuple: "an array",
  object: "an object",
  record: "an object",
  map: "a Map",
  set: "a Set",
  file: "a file",
  nan: "NaN",
  symbol: "a symbol",
  function: "a function",
};

function sizeProblem(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, shown: Shown): string {
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

function lengthOf(value: unknown): number | undefined {
  if (typeof value === "string" || Array.isArray(value)) return value.length;
  if (value instanceof Set) return value.size;
  if (typeof File !== "undefined" && value instanceof File) return value.size;
  return undefined;
}

function showDate(limit: unknown): string {
  const date = limit instanceof Date ? limit : new Date(Number(limit));
  return Number.isNaN(date.getTime()) ? String(limit) : date.toISOString();
}

const FORMATS: Readonly<Record<string, string>> = {
  email: "an email address such as jane@example.com",
  url: "a URL such as https://example.com/page",
  uuid: "a UUID such as 123e4567-e89b-42d3-a456-426614174000",
  guid: "a GUID such as 123e4567-e89b-12d3-a456-426614174000",
  uuidv4: "a version 4 UUID",
  uuidv6: "a version 6 UUID",
  uuidv7: "a version 7 UUID",
  datetime: "an ISO 8601 date and time such as 2025-01-31T14:30:00Z",
  date: "a date as YYYY-MM-DD, such as 2025-01-31",
  time: "a time as HH:MM or HH:MM:SS, such as 14:30",
  duration: "an ISO 8601 duration such as P3D or PT2H",
  ipv4: "an IPv4 address such as 192.0.2.1",
  ipv6: "an IPv6 address such as 2001:db8::1",
  cidrv4: "an IPv4 range such as 192.0.2.0/24",
  cidrv6: "an IPv6 range such as 2001:db8::/32",
  mac: "a MAC address such as 00:1a:2b:3c:4d:5e",
  hostname: "a host name such as example.com",
  e164: "a phone number in E.164 form such as +14155550123",
  base64: "base64 text",
  base64url: "base64url text",
  hex: "hexadecimal text",
  jwt: "a JSON Web Token",
  json_string: "a string of valid JSON",
  emoji: "emoji only",
  nanoid: "a nanoid",
  cuid: "a cuid",
  cuid2: "a cuid2",
  ulid: "a ULID",
  xid: "an XID",
  ksuid: "a KSUID",
  lowercase: "in lowercase only",
  uppercase: "in uppercase only",
};

function formatReason(issue: z.core.$ZodIssueInvalidStringFormat): string {
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
function multipleReason(divisor: number): string {
  if (divisor === 1) return "must be a whole number";
  if (divisor > 0 && divisor < 1) {
    const places = Math.round(-Math.log10(divisor));
    if (Math.abs(10 ** -places - divisor) < 1e-12) {
      return `must have at most ${count(places, "decimal place")}`;
    }
  }
  return `must be a multiple of ${divisor}`;
}

function valueReason(values: readonly unknown[]): string {
  if (values.length === 1) return `must be ${literal(values[0])}`;
  const listed = values.slice(0, MAX_LISTED).map(literal).join(", ");
  const more = values.length > MAX_LISTED ? `, or one of ${values.length - MAX_LISTED} more` : "";
  return `must be one of ${listed}${more}`;
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

function got(shown: Shown, typed = false): string {
  if (shown.missing) return "nothing (the field is missing)";
  return showValue(shown.value, { secret: shown.secret, typed });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function listKeys(keys: readonly string[]): string {
  const listed = keys.slice(0, MAX_LISTED).map((key) => JSON.stringify(cap(key)));
  return keys.length > MAX_LISTED
    ? `${listed.join(", ")} and ${keys.length - MAX_LISTED} more`
    : listed.join(", ");
}

function literal(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(cap(value));
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

function quote(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(cap(value)) : String(value);
}

function joinOr(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
