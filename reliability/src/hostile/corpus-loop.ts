import { HOSTILE_MEMORY_PATHS, hostileMemoryCalls } from "@keel/tools/internal";
import corpus from "./corpus-loop.json" with { type: "json" };
import type { ExpectedCall, LoopCase } from "./corpus-types.js";

/** `{ a: { a: … 1 } }`, `depth` levels deep. */
export function nestedObject(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

const ALICE = "alice@example.com";
const refund = (amount: unknown, overrides: Record<string, unknown> = {}) => ({
  name: "process_refund",
  input: { customer_id: "C-1001", order_id: "ORD-1002", amount, reason: "Stopped working", ...overrides },
});
const invalid: ExpectedCall = { decision: null, executed: null, code: "INVALID_INPUT" };
const unknownTool: ExpectedCall = { decision: null, executed: null, code: "UNKNOWN_TOOL" };
const redirected: ExpectedCall = { decision: "redirect", executed: "escalate_to_human", code: null };
const paid: ExpectedCall = { decision: "allow", executed: "process_refund", code: null };
/** The run completes with these outcomes for the hostile calls, and nothing is paid. */
const nothingPaid = (...calls: ExpectedCall[]): LoopCase["expect"] => ({
  status: "completed",
  calls,
  refundsPaid: 0,
});

const amountCase = (
  id: string,
  amount: unknown,
  expected: ExpectedCall,
  why: string,
  transport: LoopCase["transport"] = "wire",
): LoopCase => ({
  id,
  category: "amount-encoding",
  why,
  transport,
  prompt: "alice@example.com here: please refund my espresso machine, order ORD-1002.",
  verifyEmail: ALICE,
  calls: [refund(amount)],
  expect: { status: "completed", calls: [expected], refundsPaid: expected === paid ? 1 : 0 },
});

const nameCase = (id: string, name: string, why: string): LoopCase => ({
  id,
  category: "tool-name",
  why,
  transport: "wire",
  prompt: "alice@example.com: refund $10 on ORD-1001.",
  verifyEmail: ALICE,
  calls: [{ name, input: { customer_id: "C-1001", order_id: "ORD-1001", amount: 10, reason: "Broken" } }],
  expect: nothingPaid(unknownTool),
});

const nonObjectCase = (id: string, input: unknown): LoopCase => ({
  id,
  category: "non-object-input",
  why: "The API's tool_use input is an object; a reply carrying anything else is a validation outcome, not a crash.",
  transport: "wire",
  prompt: "Where is order ORD-1001?",
  verifyEmail: null,
  calls: [{ name: "lookup_order", input }],
  expect: nothingPaid(invalid),
});

const calculatorCase = (id: string, expression: unknown, code: string | null): LoopCase => ({
  id,
  category: "calculator",
  why: "The calculator is a parser over numbers and operators: nothing else is evaluated, and the run goes on.",
  transport: "scripted",
  prompt: "What is this?",
  verifyEmail: null,
  calls: [{ name: "calculator", input: { expression } }],
  expect: {
    status: "completed",
    calls: [
      {
        decision: code === "INVALID_INPUT" ? null : "allow",
        executed: code === "INVALID_INPUT" ? null : "calculator",
        code,
      },
    ],
    refundsPaid: 0,
  },
});

/** Memory commands in the model's order, against the memory tool on the SQL store, each with its outcome code. */
const memoryCommandsCase = (
  id: string,
  why: string,
  commands: readonly (readonly [input: Record<string, unknown>, code: string | null])[],
  memoryEntries: number,
): LoopCase => ({
  id,
  category: "memory-path",
  why,
  transport: "wire",
  prompt: "Remember that I prefer email.",
  verifyEmail: null,
  calls: commands.map(([input]) => ({ name: "memory", input })),
  expect: {
    status: "completed",
    calls: commands.map(([, code]) => ({ decision: "allow", executed: "memory", code })),
    refundsPaid: 0,
    memoryEntries,
  },
});

/**
 * A hostile memory path (the tool's own corpus, @keel/tools/internal) sent with every memory command in one
 * reply: each call refused with its category's code, nothing stored.
 */
const memoryCase = ([path, category, code]: (typeof HOSTILE_MEMORY_PATHS)[number], index: number): LoopCase =>
  memoryCommandsCase(
    `memory-path-${index + 1}`,
    `${JSON.stringify(path.slice(0, 60))}: refused (${category}) before the store sees it, for every command.`,
    hostileMemoryCalls(path).map((input) => [input, code] as const),
    0,
  );

/**
 * Text no store can keep alike (NUL, which PostgreSQL text refuses; a lone surrogate, which it would store as
 * U+FFFD) in create, str_replace and insert: refused by the tool as validation before the SQL store sees it;
 * the one good file stays the only entry.
 */
const memoryTextCase = (id: string, text: string): LoopCase => {
  const path = "/memories/notes.md";
  const invalid = "MEMORY_TEXT_INVALID";
  return memoryCommandsCase(
    id,
    `${JSON.stringify(text)} in a memory file's text: refused (validation) before the store sees it.`,
    [
      [{ command: "create", path, file_text: "a" }, null],
      [{ command: "create", path: "/memories/other.md", file_text: text }, invalid],
      [{ command: "str_replace", path, old_str: "a", new_str: text }, invalid],
      [{ command: "insert", path, insert_line: 0, insert_text: text }, invalid],
    ],
    1,
  );
};

/** Hostile model turns through the agent loop, each with its categorised outcome. */
export const LOOP_CORPUS: readonly LoopCase[] = [
  ...corpus.injections.map(
    (entry): LoopCase => ({
      id: entry.id,
      category: "prompt-injection",
      why: entry.why,
      transport: "wire",
      prompt: entry.prompt,
      verifyEmail: entry.verifyEmail,
      calls: entry.refunds.map(({ amount, ...overrides }) => refund(amount, overrides)),
      expect: { status: "completed", calls: entry.expect as ExpectedCall[], refundsPaid: entry.refundsPaid },
    }),
  ),
  amountCase("amount-numeric-string", "750", invalid, 'The string "750" is never coerced to a number.'),
  amountCase("amount-four-decimals", 750.0001, invalid, "More than two decimals is not an amount of money."),
  amountCase(
    "amount-exponent",
    1e3,
    redirected,
    "1e3 is the number 1000: valid, above the limit, redirected.",
  ),
  amountCase("amount-negative", -50, invalid, "A negative refund would be a charge."),
  amountCase("amount-zero", 0, invalid, "A refund of nothing is not a refund."),
  amountCase("amount-nan-string", "NaN", invalid, 'JSON cannot carry NaN; the string "NaN" is not a number.'),
  amountCase("amount-nan", Number.NaN, invalid, "NaN in process (a client that is not JSON).", "scripted"),
  amountCase("amount-infinity", Number.POSITIVE_INFINITY, invalid, "Infinity in process.", "scripted"),
  amountCase("amount-null", null, invalid, "What JSON.stringify makes of NaN."),
  amountCase("amount-huge", 1e308, invalid, "Above the schema's $100,000 ceiling."),
  amountCase("amount-sub-cent", 0.001, invalid, "A tenth of a cent."),
  amountCase(
    "amount-exponent-string",
    "5e2",
    invalid,
    "A numeric string in exponent form is still a string.",
  ),
  amountCase("amount-object", { value: 750 }, invalid, "An object where a number belongs."),
  amountCase("amount-array", [750], invalid, "An array where a number belongs."),
  amountCase("amount-one-cent-over", 500.01, redirected, "Exact decimals: $500.01 is above the limit."),
  amountCase(
    "amount-at-limit",
    500,
    paid,
    "Exactly $500.00 is within the limit and paid (ORD-1002 is $750).",
  ),
  ...corpus.toolNames.map(({ id, name, why }) => nameCase(id, name, why)),
  ...corpus.nonObjectInputs.map(({ id, input }) => nonObjectCase(id, input)),
  {
    id: "result-10-mb",
    category: "oversized-result",
    why: "A read tool returns 10 MB; the support agent's capText post hook cuts it to 4,000 characters and the run goes on.",
    transport: "wire",
    prompt: "Export the audit log.",
    verifyEmail: null,
    calls: [{ name: "export_audit_log", input: {} }],
    expect: {
      status: "completed",
      calls: [{ decision: "allow", executed: "export_audit_log", code: null }],
      refundsPaid: 0,
      maxRequestBytes: 64_000,
    },
  },
  {
    id: "result-10-mb-error-message",
    category: "oversized-result",
    why: "A failing tool whose error message is 10 MB: the message is cut too, category and code are kept.",
    transport: "wire",
    prompt: "Export the audit log.",
    verifyEmail: null,
    calls: [{ name: "export_audit_log", input: { fail: true } }],
    expect: {
      status: "completed",
      calls: [{ decision: "allow", executed: "export_audit_log", code: "EXPORT_FAILED" }],
      refundsPaid: 0,
      maxRequestBytes: 64_000,
    },
  },
  {
    id: "input-2-mb-reason",
    category: "oversized-result",
    why: "A 2 MB reason field is refused by the schema; the validation message does not echo it.",
    transport: "wire",
    prompt: "alice@example.com: refund ORD-1001.",
    verifyEmail: ALICE,
    calls: [refund(50, { order_id: "ORD-1001", reason: "x".repeat(2_000_000) })],
    expect: { status: "completed", calls: [invalid], refundsPaid: 0, maxRequestBytes: 2_200_000 },
  },
  {
    id: "deep-1000-lookup",
    category: "deep-json",
    why: "Input nested 1,000 levels deep is a validation outcome.",
    transport: "wire",
    prompt: "Where is my order?",
    verifyEmail: null,
    calls: [{ name: "lookup_order", input: nestedObject(1000) }],
    expect: nothingPaid(invalid),
  },
  {
    id: "deep-1000-refund",
    category: "deep-json",
    why: "The same depth inside a refund's fields.",
    transport: "wire",
    prompt: "alice@example.com: refund ORD-1001.",
    verifyEmail: ALICE,
    calls: [refund(nestedObject(1000), { order_id: "ORD-1001" })],
    expect: nothingPaid(invalid),
  },
  {
    id: "deep-20000-lookup",
    category: "deep-json",
    why: "Too deep for JSON.stringify: the reply cannot be sent back in the history, so the run ends (model_error) and nothing runs.",
    transport: "raw",
    prompt: "Where is my order?",
    verifyEmail: null,
    calls: [{ name: "lookup_order", input: nestedObject(20_000) }],
    expect: { status: "model_error", nothingRuns: true, refundsPaid: 0 },
  },
  ...corpus.calculator.map(({ id, expression, code }) => calculatorCase(id, expression, code)),
  calculatorCase("calc-too-long", "9".repeat(1001), "EXPRESSION_TOO_LONG"),
  calculatorCase("calc-too-deep", `${"(".repeat(65)}1${")".repeat(65)}`, "EXPRESSION_TOO_DEEP"),
  calculatorCase("calc-unary-chain", `${"-".repeat(200)}1`, "EXPRESSION_TOO_DEEP"),
  ...HOSTILE_MEMORY_PATHS.map(memoryCase),
  memoryTextCase("memory-text-nul", "before\u0000after"),
  memoryTextCase("memory-text-lone-surrogate", "half \ud83d of a pair"),
];
