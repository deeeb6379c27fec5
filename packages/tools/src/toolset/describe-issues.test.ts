import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../definition/define-tool.js";
import { createToolset } from "./create-toolset.js";
import { describeIssues, MAX_FIELD_PROBLEMS, NO_SCHEMA_MESSAGE, parseForModel } from "./describe-issues.js";
import { contextFor, validateAndRun } from "./toolset.test-helpers.js";

/** The lines a model reads for `input` against `schema`, as "path: problem". */
function linesFor(schema: z.ZodType, input: unknown): string[] {
  const parsed = parseForModel(schema, input);
  if (parsed.success) throw new Error("expected the input to fail the schema");
  return describeIssues(parsed.error.issues, input).map(({ path, problem }) => `${path}: ${problem}`);
}

/** The lines a model reads in INVALID_TOOL_OUTPUT when a tool returns `data` against its `output` schema. */
async function outputLinesFor(output: z.ZodType, data: unknown): Promise<string[]> {
  const tool = defineTool({
    name: "probe",
    description: "Probes the output check. Use when testing.",
    input: z.object({}),
    output,
    effect: "read",
    handler: () => success(data as never),
  });
  const outcome = await validateAndRun(
    createToolset([tool]),
    { id: "t", name: "probe", input: {} },
    contextFor(),
  );
  if (outcome.kind !== "error" || outcome.code !== "INVALID_TOOL_OUTPUT") {
    throw new Error("expected the output to fail the schema");
  }
  const fields = (outcome.details as { fields: { path: string; problem: string }[] }).fields;
  return fields.map(({ path, problem }) => `${path}: ${problem}`);
}

const field = <T extends z.ZodType>(schema: T) => z.object({ f: schema });

/** One row per zod 4 issue code and variant: [what, schema, input, the lines the model reads]. */
const ISSUE_TABLE: readonly [string, z.ZodType, unknown, string[]][] = [
  // invalid_type
  ["invalid_type string", field(z.string()), { f: 5 }, ["f: must be a string, got 5"]],
  ["invalid_type number", field(z.number()), { f: "750" }, ['f: must be a number, got the string "750"']],
  ["invalid_type NaN", field(z.number()), { f: Number.NaN }, ["f: must be a finite number, got NaN"]],
  ["invalid_type int", field(z.int()), { f: 2.5 }, ["f: must be a whole number, got 2.5"]],
  [
    "invalid_type boolean",
    field(z.boolean()),
    { f: "yes" },
    ['f: must be true or false, got the string "yes"'],
  ],
  ["invalid_type array", field(z.array(z.string())), { f: "a" }, ['f: must be an array, got the string "a"']],
  ["invalid_type object", field(z.object({})), { f: [] }, ["f: must be an object, got an empty array"]],
  [
    "invalid_type root",
    field(z.string()),
    null,
    ["(input): must be an object with the tool's fields, got null"],
  ],
  [
    "invalid_type missing",
    field(z.string()),
    {},
    ["f: must be a string, got nothing (the field is missing)"],
  ],
  ["invalid_type never", field(z.never()), { f: 1 }, ["f: must be left out, got 1"]],
  ["invalid_type null", field(z.null()), { f: 0 }, ["f: must be null, got 0"]],
  // too_small / too_big: string
  [
    "too_small string",
    field(z.string().min(3)),
    { f: "a" },
    ["f: must be at least 3 characters long, got 1 character"],
  ],
  [
    "too_small string exact",
    field(z.string().length(3)),
    { f: "a" },
    ["f: must be exactly 3 characters long, got 1 character"],
  ],
  [
    "too_big string",
    field(z.string().max(3)),
    { f: "abcdef" },
    ["f: must be at most 3 characters long, got 6 characters"],
  ],
  [
    "too_small string empty",
    field(z.string().min(1)),
    { f: "" },
    ["f: must not be empty, got an empty string"],
  ],
  [
    "too_small string trimmed",
    field(z.string().trim().min(3)),
    { f: " a  " },
    ["f: must be at least 3 characters long, got 1 character"],
  ],
  // number and int, inclusive and exclusive
  [
    "too_small number exclusive",
    field(z.number().positive()),
    { f: -5 },
    ["f: must be greater than 0, got -5"],
  ],
  ["too_small number inclusive", field(z.number().min(1)), { f: 0 }, ["f: must be at least 1, got 0"]],
  ["too_big number inclusive", field(z.number().max(10)), { f: 12 }, ["f: must be at most 10, got 12"]],
  ["too_big number exclusive", field(z.number().lt(10)), { f: 10 }, ["f: must be less than 10, got 10"]],
  ["too_small int", field(z.int().min(1)), { f: 0 }, ["f: must be at least 1, got 0"]],
  [
    "too_big int (safe range)",
    field(z.int()),
    { f: 1e20 },
    ["f: must be at most 9007199254740991, got 100000000000000000000"],
  ],
  // array, set
  [
    "too_small array",
    field(z.array(z.string()).min(2)),
    { f: ["a"] },
    ["f: must have at least 2 items, got 1 item"],
  ],
  [
    "too_small array empty",
    field(z.array(z.string()).min(1)),
    { f: [] },
    ["f: must not be empty, got an empty array"],
  ],
  [
    "too_big array",
    field(z.array(z.string()).max(1)),
    { f: ["a", "b"] },
    ["f: must have at most 1 item, got 2 items"],
  ],
  [
    "too_small array exact",
    field(z.array(z.string()).length(2)),
    { f: ["a"] },
    ["f: must have exactly 2 items, got 1 item"],
  ],
  [
    "too_big set",
    field(z.set(z.number()).max(1)),
    { f: new Set([1, 2]) },
    ["f: must have at most 1 item, got 2 items"],
  ],
  // bigint and date
  ["too_small bigint", field(z.bigint().min(5n)), { f: 1n }, ["f: must be at least 5, got 1n"]],
  ["too_big bigint exclusive", field(z.bigint().lt(5n)), { f: 5n }, ["f: must be less than 5, got 5n"]],
  [
    "too_small date",
    field(z.date().min(new Date("2020-01-01T00:00:00Z"))),
    { f: new Date("2019-06-01T00:00:00Z") },
    ["f: must be on or after 2020-01-01T00:00:00.000Z, got 2019-06-01T00:00:00.000Z"],
  ],
  [
    "too_big date",
    field(z.date().max(new Date("2020-01-01T00:00:00Z"))),
    { f: new Date("2021-01-01T00:00:00Z") },
    ["f: must be on or before 2020-01-01T00:00:00.000Z, got 2021-01-01T00:00:00.000Z"],
  ],
  // invalid_format
  [
    "invalid_format regex",
    field(z.string().regex(/^[A-Z]{3}$/)),
    { f: "ab" },
    ['f: must match the pattern /^[A-Z]{3}$/, got "ab"'],
  ],
  [
    "invalid_format email",
    field(z.email()),
    { f: "x" },
    ['f: must be an email address such as jane@example.com, got "x"'],
  ],
  [
    "invalid_format uuid",
    field(z.uuid()),
    { f: "x" },
    ['f: must be a UUID such as 123e4567-e89b-42d3-a456-426614174000, got "x"'],
  ],
  [
    "invalid_format url",
    field(z.url()),
    { f: "x" },
    ['f: must be a URL such as https://example.com/page, got "x"'],
  ],
  [
    "invalid_format iso date",
    field(z.iso.date()),
    { f: "31/01/2025" },
    ['f: must be a date as YYYY-MM-DD, such as 2025-01-31, got "31/01/2025"'],
  ],
  [
    "invalid_format iso datetime",
    field(z.iso.datetime()),
    { f: "x" },
    ['f: must be an ISO 8601 date and time such as 2025-01-31T14:30:00Z, got "x"'],
  ],
  [
    "invalid_format starts_with",
    field(z.string().startsWith("ORD-")),
    { f: "X-1" },
    ['f: must start with "ORD-", got "X-1"'],
  ],
  [
    "invalid_format ends_with",
    field(z.string().endsWith(".pdf")),
    { f: "a.doc" },
    ['f: must end with ".pdf", got "a.doc"'],
  ],
  [
    "invalid_format includes",
    field(z.string().includes("@")),
    { f: "ab" },
    ['f: must contain "@", got "ab"'],
  ],
  [
    "invalid_format lowercase",
    field(z.string().lowercase()),
    { f: "AB" },
    ['f: must be in lowercase only, got "AB"'],
  ],
  [
    "invalid_format ipv4",
    field(z.ipv4()),
    { f: "x" },
    ['f: must be an IPv4 address such as 192.0.2.1, got "x"'],
  ],
  // not_multiple_of
  [
    "not_multiple_of cents",
    field(z.number().multipleOf(0.01)),
    { f: 50.001 },
    ["f: must have at most 2 decimal places, got 50.001"],
  ],
  ["not_multiple_of 5", field(z.number().multipleOf(5)), { f: 7 }, ["f: must be a multiple of 5, got 7"]],
  ["not_multiple_of 1", field(z.number().multipleOf(1)), { f: 2.5 }, ["f: must be a whole number, got 2.5"]],
  // unrecognized_keys
  [
    "unrecognized_keys",
    z.strictObject({ a: z.string() }),
    { a: "x", approved_by: "manager", b: 1 },
    ["approved_by: is not a field of this tool: remove it", "b: is not a field of this tool: remove it"],
  ],
  [
    "unrecognized_keys nested",
    field(z.strictObject({ a: z.string() })),
    { f: { a: "x", z: 1 } },
    ["f.z: is not a field accepted here: remove it"],
  ],
  // invalid_union
  [
    "invalid_union of types",
    field(z.union([z.string(), z.number()])),
    { f: true },
    ["f: must be a string or a number, got true"],
  ],
  [
    "invalid_union of objects",
    field(z.union([z.object({ card: z.string() }), z.object({ iban: z.string() })])),
    { f: { iban: 5 } },
    [
      "f: matches none of the 2 forms it may take: form 1: card must be a string, got nothing (the field is " +
        "missing); form 2: iban must be a string, got 5",
    ],
  ],
  [
    "invalid_union, one form close",
    field(z.union([z.object({ card: z.string() }), z.object({ iban: z.string().min(10) })])),
    { f: { iban: "x" } },
    ["f.iban: must be at least 10 characters long, got 1 character"],
  ],
  [
    "invalid_union discriminator",
    field(
      z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]),
    ),
    { f: { kind: "c" } },
    ['f.kind: must be one of "a", "b", got "c"'],
  ],
  [
    "invalid_union more than one match",
    field(z.xor([z.string(), z.string().min(1)])),
    { f: "a" },
    ["f: matches more than one of the forms it may take: make it match exactly one"],
  ],
  // invalid_value, enum
  [
    "invalid_value enum",
    field(z.enum(["low", "high"])),
    { f: "mid" },
    ['f: must be one of "low", "high", got "mid"'],
  ],
  ["invalid_value literal", field(z.literal("yes")), { f: "no" }, ['f: must be "yes", got "no"']],
  [
    "invalid_value long enum",
    field(z.enum(Array.from({ length: 12 }, (_, index) => `v${index}`) as [string, ...string[]])),
    { f: "x" },
    [
      'f: must be one of "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", or one of 2 more, got "x"',
    ],
  ],
  // invalid_key, invalid_element
  [
    "invalid_key record",
    field(z.record(z.string().min(2), z.number())),
    { f: { a: 1 } },
    ["f.a: is not an allowed key: must be at least 2 characters long, got 1 character"],
  ],
  [
    "invalid_element map",
    field(z.map(z.string(), z.number())),
    { f: new Map([["k", "x"]]) },
    ['f.k: must be a number, got the string "x"'],
  ],
  // custom
  [
    "custom without a reason",
    field(z.string().refine((value) => value === "ok")),
    { f: "no" },
    ['f: fails a check of the tool\'s schema (it gives no reason), got "no"'],
  ],
  [
    "custom with a reason",
    field(z.string().refine((value) => value === "ok", "must be ok.")),
    { f: "no" },
    ['f: must be ok, got "no"'],
  ],
];

describe("describeIssues: every zod 4 issue code in plain words", () => {
  it.each(ISSUE_TABLE)("%s", (_label, schema, input, lines) => {
    expect(linesFor(schema, input)).toEqual(lines);
  });

  it.each(ISSUE_TABLE)("%s never repeats zod's own phrasing", (_label, schema, input) => {
    for (const line of linesFor(schema, input)) {
      expect(line).not.toMatch(/expected|received|[<>]=?\d|Too (?:small|big)|Invalid\b|Unrecognized|\u0000/);
    }
  });

  it("words invalid_element, which some zod 4 versions report for maps and sets", () => {
    const inner = {
      code: "invalid_type",
      expected: "number",
      input: "x",
      path: [],
      message: NO_SCHEMA_MESSAGE,
    };
    const issues = [
      {
        code: "invalid_element",
        origin: "set",
        key: 0,
        issues: [inner],
        path: ["tags"],
        message: NO_SCHEMA_MESSAGE,
      },
      {
        code: "invalid_element",
        origin: "map",
        key: "k",
        issues: [inner],
        path: ["prices"],
        message: NO_SCHEMA_MESSAGE,
      },
    ] as unknown as z.core.$ZodIssue[];
    expect(describeIssues(issues, {}).map(({ path, problem }) => `${path}: ${problem}`)).toEqual([
      'tags: has an element that is not allowed: must be a number, got the string "x"',
      'prices: has a value that is not allowed at key "k": must be a number, got the string "x"',
    ]);
  });

  it("keeps a schema message verbatim even when it starts like zod's own ('Invalid ...')", () => {
    const schema = field(z.string().regex(/^SKU-\d+$/, "Invalid SKU: use SKU- and digits"));
    expect(linesFor(schema, { f: "x" })).toEqual(['f: Invalid SKU: use SKU- and digits, got "x"']);
  });

  it("words a tool's output check as it words input: Keel's phrasing, the schema's messages, the judged value", async () => {
    const output = z.object({
      a: z.string().min(3),
      b: z.number().positive(),
      c: z.string().refine(() => false, "must be ok"),
      sku: z.string().regex(/^SKU-\d+$/, "Invalid SKU"),
      code: z.string().trim().min(1),
    });
    const data = { a: "a", b: -5, c: "x", sku: "x", code: "   " };
    const lines = [
      "a: must be at least 3 characters long, got 1 character",
      "b: must be greater than 0, got -5",
      'c: must be ok, got "x"',
      'sku: Invalid SKU, got "x"',
      "code: must not be empty, got an empty string",
    ];
    expect(await outputLinesFor(output, data)).toEqual(lines);
    expect(linesFor(output, data)).toEqual(lines);
  });

  it("words zod's own issues in Keel's phrasing under any zod locale, on input and output", async () => {
    z.config(z.locales.de());
    try {
      const schema = z.object({ a: z.string().min(3), b: z.enum(["x", "y"]), c: z.number() });
      const data = { a: "a", b: "z", c: "1" };
      const lines = [
        "a: must be at least 3 characters long, got 1 character",
        'b: must be one of "x", "y", got "z"',
        'c: must be a number, got the string "1"',
      ];
      expect(schema.safeParse(data).error?.issues[0]?.message).not.toMatch(/^Too small/);
      expect(linesFor(schema, data)).toEqual(lines);
      expect(await outputLinesFor(schema, data)).toEqual(lines);
    } finally {
      z.config(z.locales.en());
    }
  });
});

describe("describeIssues: one problem per empty field", () => {
  const orderId = field(
    z
      .string()
      .trim()
      .min(1)
      .max(32)
      .regex(/^[A-Z0-9-]+$/, "must be an order id"),
  );

  it.each([
    ["empty", "", "an empty string"],
    ["blank", "   ", "an empty string"],
  ])("an %s value gets 'must not be empty', not also the format's complaint", (_label, value, came) => {
    expect(linesFor(orderId, { f: value })).toEqual([`f: must not be empty, got ${came}`]);
  });

  it("a short but wrong value still gets every complaint", () => {
    const schema = field(
      z
        .string()
        .min(3)
        .regex(/^[A-Z]+$/, "must be capital letters"),
    );
    expect(linesFor(schema, { f: "a" })).toEqual([
      "f: must be at least 3 characters long, got 1 character",
      'f: must be capital letters, got "a"',
    ]);
  });
});

describe("describeIssues: what is shown of a value", () => {
  it("never repeats a long value, only its length", () => {
    const [line] = linesFor(field(z.email()), { f: "x".repeat(5_000) });
    expect(line).toBe(
      "f: must be an email address such as jane@example.com, got a string of 5000 characters",
    );
  });

  it.each([
    ["an Anthropic key", "sk-ant-api03-AbCdEf1234567890"],
    ["a bearer token", "Bearer abcdefgh12345678"],
    ["a GitHub token", "ghp_abcdefghijklmnop1234567890abcdefgh"],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0"],
    ["a URL with a password", "https://u:hunter2@db"],
  ])("never repeats %s", (_label, secret) => {
    const [line] = linesFor(field(z.email()), { f: secret });
    expect(line).toBe(
      `f: must be an email address such as jane@example.com, got a string of ${secret.length} characters (not shown)`,
    );
  });

  it.each([
    "password",
    "api_key",
    "clientSecret",
    "authToken",
    "X-Api-Key",
    "password_confirmation",
    "card_number",
  ])("never repeats the value of a field named %s, even a short one", (name) => {
    const schema = z.object({ [name]: z.string().regex(/^[a-z]{12,}$/) });
    const [line] = linesFor(schema, { [name]: "hunter2" });
    expect(line).toContain("got a string of 7 characters (not shown)");
    expect(line).not.toContain("hunter2");
  });

  // What is a secret is decided by @keel/errors, as for the redactSecrets hook: a field named by its last
  // word(s), a value by a key or token shape. A UUID or an id is not a secret, nor is a field like token_count.
  it.each([
    ["a UUID", { f: "123e4567-e89b-42d3-a456-426614174000" }, '"123e4567-e89b-42d3-a456-426614174000"'],
    ["an id of letters and digits", { f: "a8Fk2LmQ9zX4vB7nR1tY" }, '"a8Fk2LmQ9zX4vB7nR1tY"'],
    ["a base64 JSON cursor", { f: "eyJwYWdlIjoyfQ" }, '"eyJwYWdlIjoyfQ"'],
    ["the value of token_count", { token_count: "12" }, '"12"'],
    ["the value of auth_method", { auth_method: "oauth" }, '"oauth"'],
  ])("repeats %s", (_label, input, shown) => {
    const [key] = Object.keys(input) as [string];
    const [line] = linesFor(z.object({ [key]: z.email() }), input);
    expect(line).toBe(`${key}: must be an email address such as jane@example.com, got ${shown}`);
  });

  it("cuts a huge key to 40 characters and lists at most 10 unknown fields", () => {
    const input = Object.fromEntries(
      Array.from({ length: 15 }, (_, index) => [`${"k".repeat(100)}${index}`, 1]),
    );
    const lines = linesFor(z.strictObject({}), input);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(`["${"k".repeat(40)}…"]: is not a field of this tool: remove it`);
    expect(lines[10]).toBe(
      "(input): has 5 more fields it does not accept: send only the fields the schema lists",
    );
  });

  it(`lists at most ${MAX_FIELD_PROBLEMS} problems and counts the rest`, () => {
    const lines = linesFor(
      z.array(z.string()),
      Array.from({ length: 500 }, (_, index) => index),
    );
    expect(lines).toHaveLength(MAX_FIELD_PROBLEMS + 1);
    expect(lines[0]).toBe("[0]: must be a string, got 0");
    expect(lines.at(-1)).toBe(
      "(input): has 480 more problems not listed here; fix the ones above and call again",
    );
  });
});

describe("the INVALID_INPUT message a model reads", () => {
  const refund = defineTool({
    name: "refund",
    description: "Refunds an order. Use when the user asks for a refund.",
    input: z.strictObject({
      order_id: z
        .string()
        .trim()
        .min(3)
        .regex(/^ORD-\d+$/, "must be an order id such as ORD-1001"),
      amount: z.number().positive(),
      quantity: z.int().min(1).optional(),
    }),
    effect: "write",
    handler: () => success(null),
  });

  it("names each field and says what it must be, one line each", () => {
    const result = createToolset([refund]).validate({
      id: "t",
      name: "refund",
      input: { order_id: "x", amount: -5, quantity: 2.5, note: "hi" },
    });
    if (result.ok || result.outcome.kind !== "error") throw new Error("expected a validation failure");
    expect(result.outcome.message).toBe(
      'The input for "refund" does not match its schema:\n' +
        "- order_id: must be at least 3 characters long, got 1 character\n" +
        '- order_id: must be an order id such as ORD-1001, got "x"\n' +
        "- amount: must be greater than 0, got -5\n" +
        "- quantity: must be a whole number, got 2.5\n" +
        "- note: is not a field of this tool: remove it\n" +
        'Fix these fields and call "refund" again; the same input will fail the same way.',
    );
  });
});
