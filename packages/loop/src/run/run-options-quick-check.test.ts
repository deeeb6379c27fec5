import { createToolset } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { ScriptedClient } from "../clients/scripted-client.js";
import { answer, spyTool } from "./run-fixtures.test-helpers.js";
import { RunOptionsError } from "./run-options-error.js";
import { compileQuickCheck } from "./run-options-quick-check.js";
import { resolveRunOptions, runOptionFields, runOptionsSchema } from "./run-options-schema.js";

const quick = compileQuickCheck(runOptionFields)!;
const client = new ScriptedClient([answer("ok")]);
const tool = spyTool("lookup", "read");

/** Values of every kind, good for some options and bad for others. */
const anyValue = fc.constantFrom<unknown>(
  undefined,
  null,
  0,
  -1,
  1,
  1.5,
  4096,
  Number.NaN,
  "",
  "m",
  "hello",
  true,
  false,
  [],
  [tool],
  [{ role: "user", content: "hi" }],
  [{ decide: () => ({ type: "allow" }) }],
  {},
  { pre: [] },
  { post: [{ transform: () => undefined }] },
  { pre: [{ name: "no decide" }] },
  { maxAttempts: 2 },
  { maxAttempts: 0 },
  { tracer: {} },
  { agentName: "a" },
  client,
  new AbortController().signal,
  () => 0,
  () => "id",
  () => [tool],
  createToolset([tool]),
);

/** A valid value for each option, so generated objects are often wholly valid. */
const validValue: Record<string, fc.Arbitrary<unknown>> = {
  client: fc.constant(client),
  model: fc.constantFrom("m", "claude"),
  prompt: fc.constantFrom("hi", "a question"),
  system: fc.constantFrom("sys", [{ type: "text", text: "sys" }]),
  tools: fc.constantFrom([tool], [], createToolset([tool]), () => [tool]),
  hooks: fc.constantFrom({}, { pre: [] }, { post: [{ transform: () => undefined }] }),
  maxTokens: fc.integer({ min: 1, max: 10_000 }),
  maxIterations: fc.integer({ min: 1, max: 50 }),
  maxPauseTurns: fc.integer({ min: 0, max: 9 }),
  concurrency: fc.integer({ min: 1, max: 16 }),
  cache: fc.boolean(),
  metadata: fc.constantFrom({}, { role: "admin" }),
  signal: fc.constant(new AbortController().signal),
  retry: fc.constantFrom({}, { maxAttempts: 2 }),
  now: fc.constant(() => 0),
  idGenerator: fc.constant(() => "id"),
  checkpoint: fc.constant(() => undefined),
  onEvent: fc.constant(() => undefined),
  onStreamEvent: fc.constant(() => undefined),
  sleep: fc.constant(async () => {}),
  random: fc.constant(() => 0.5),
  telemetry: fc.constantFrom({}, { agentName: "a" }),
};

const KEYS = [...Object.keys(runOptionFields.shape), "unknownOption"];

/** An options object: each key absent, a valid value, or (when `messy`) any value, often invalid. */
const optionsOf = (messy: boolean) =>
  fc
    .tuple(
      ...KEYS.map((key) =>
        fc.oneof(
          { weight: 4, arbitrary: fc.constant<unknown>(ABSENT) },
          { weight: 3, arbitrary: validValue[key] ?? anyValue },
          { weight: messy ? 2 : 0, arbitrary: anyValue },
        ),
      ),
    )
    .map((values) => {
      const options: Record<string, unknown> = { client, model: "m", prompt: "hi" };
      KEYS.forEach((key, index) => {
        if (values[index] === ABSENT) return;
        options[key] = values[index];
      });
      return options;
    });

const optionsArbitrary = fc.oneof(optionsOf(false), optionsOf(true));

function ABSENT() {}

/** What `resolveRunOptions` does with the input, or what the schema alone does: the value, or the error. */
function outcome(resolve: () => unknown): { error?: { name: string; message: string }; value?: unknown } {
  try {
    return { value: resolve() };
  } catch (error) {
    return { error: { name: (error as Error).name, message: (error as Error).message } };
  }
}

/** The schema path of resolveRunOptions, without the quick check. */
function throughSchema(input: unknown) {
  const parsed = runOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const thrown = (issue as { params?: { error?: unknown } }).params?.error;
  throw RunOptionsError.isInstance(thrown) ? thrown : new RunOptionsError(issue.message);
}

/** A resolved run's options, comparable: the toolset by its names, the retry policy by its attempts. */
function comparable(value: unknown): unknown {
  if (value === undefined) return undefined;
  const { toolset, toolRetry, ...rest } = value as ReturnType<typeof resolveRunOptions>;
  return { ...rest, toolset: toolset.names, toolRetry: toolRetry.maxAttempts };
}

describe("the quick check of runAgent's options", () => {
  it("is compiled from the schema (its nodes are all known)", () => {
    expect(compileQuickCheck(runOptionFields)).toBeTypeOf("function");
  });

  it("accepts the common shape (bench 1's options) with the schema's own output", () => {
    const options = { client, model: "m", system: "s", tools: [tool], prompt: "hi", maxTokens: 1024 };
    const fields = quick(options);
    expect(fields).toBeDefined();
    expect(fields).toStrictEqual(runOptionFields.parse(options));
  });

  it("never accepts what the schema refuses, and accepts with the schema's output (generated options)", () => {
    let accepted = 0;
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        const fields = quick(options);
        const parsed = runOptionFields.safeParse(options);
        if (fields === undefined) return;
        accepted++;
        expect(parsed.success).toBe(true);
        expect(fields).toStrictEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: half the generated objects have only valid values, and those are the quick check's to accept.
    expect(accepted).toBeGreaterThan(1000);
  });

  it("resolves every generated input as the schema alone does: the same options or the same error", () => {
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        const fast = outcome(() => comparable(resolveRunOptions(options as never)));
        const slow = outcome(() => comparable(throughSchema(options)));
        expect(fast).toStrictEqual(slow);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not an options object, and a missing client or model", () => {
    for (const input of [undefined, null, 5, "x", [], [{ client, model: "m" }]]) {
      expect(quick(input)).toBeUndefined();
    }
    expect(quick({ model: "m", prompt: "hi" })).toBeUndefined();
    expect(quick({ client, prompt: "hi" })).toBeUndefined();
  });

  it("keeps keys as zod does: inherited ones count, unknown ones go, explicit undefined stays", () => {
    const inherited = Object.create({ model: "m" }) as Record<string, unknown>;
    inherited.client = client;
    inherited.prompt = "hi";
    inherited.extra = 1;
    inherited.checkpoint = undefined;
    expect(quick(inherited)).toStrictEqual(runOptionFields.parse(inherited));
    expect(quick(inherited)).toHaveProperty("checkpoint", undefined);
    expect(quick(inherited)).not.toHaveProperty("extra");
    // A transform that leaves an absent key undefined: zod leaves the key out, a present one in.
    const passThrough = z.object({
      name: z
        .custom(() => true)
        .optional()
        .transform((value) => value),
    });
    const check = compileQuickCheck(passThrough)!;
    for (const input of [{}, { name: undefined }, { name: 1 }]) {
      expect(check(input)).toStrictEqual(passThrough.parse(input));
    }
    expect(check({})).toStrictEqual({});
  });

  it("falls back to the schema when a rule throws (a throwing getter)", () => {
    const options = {
      client,
      model: "m",
      prompt: "hi",
      get system(): string {
        throw new Error("getter");
      },
    };
    expect(quick(options)).toBeUndefined();
    expect(() => resolveRunOptions(options)).toThrow("getter");
  });

  it("refuses schema nodes it does not know, so the schema then checks everything", () => {
    expect(compileQuickCheck(z.object({ name: z.string() }))).toBeUndefined();
    expect(compileQuickCheck(z.object({ name: z.custom(() => true).refine(() => true) }))).toBeUndefined();
    expect(compileQuickCheck(z.strictObject({ name: z.custom(() => true) }))).toBeUndefined();
    expect(compileQuickCheck(z.object({ name: z.custom(() => true).default("x") }))).toBeUndefined();
  });

  it("refuses a value whose rule answers something truthy but not true (the schema decides)", () => {
    const truthy = compileQuickCheck(z.object({ name: z.custom(() => 1) }))!;
    expect(truthy({ name: "x" })).toBeUndefined();
  });
});
