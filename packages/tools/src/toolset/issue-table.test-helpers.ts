// One row per zod 4 issue code and variant, with the lines a model reads for it (describe-issues.test.ts).
import { z } from "zod";

/** A schema with the one field `f`. */
export const field = <T extends z.ZodType>(schema: T) => z.object({ f: schema });

/** One row per zod 4 issue code and variant: [what, schema, input, the lines the model reads]. */
export const ISSUE_TABLE: readonly [string, z.ZodType, unknown, string[]][] = [
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
