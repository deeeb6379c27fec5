import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../definition/define-tool.js";
import { createToolset } from "./create-toolset.js";
import { describeIssues, MAX_FIELD_PROBLEMS, NO_SCHEMA_MESSAGE, parseForModel } from "./describe-issues.js";
import { field, ISSUE_TABLE } from "./issue-table.test-helpers.js";
import { callTool } from "./toolset.test-helpers.js";

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
  const outcome = await callTool(tool, {});
  if (outcome.kind !== "error" || outcome.code !== "INVALID_TOOL_OUTPUT") {
    throw new Error("expected the output to fail the schema");
  }
  const fields = (outcome.details as { fields: { path: string; problem: string }[] }).fields;
  return fields.map(({ path, problem }) => `${path}: ${problem}`);
}

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
