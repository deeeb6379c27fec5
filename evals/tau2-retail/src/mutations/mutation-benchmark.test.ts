import { beforeAll, describe, expect, it } from "vitest";
import { capturedIo } from "../cli.test-helpers.js";
import { benchmarkTable, mutationsFor, runBenchmark } from "./mutation-benchmark.js";
import { mutationMain } from "./mutation-cli.js";
import { MUTATION_RULES } from "./mutations.js";
import type { MutationResult } from "./run-mutation.js";

// Two train tasks (the full run is bin/mutations.mjs): an exchange of a delivered order (0), a cancel (16).
const TASKS = ["0", "16"];
let results: MutationResult[] = [];

beforeAll(async () => {
  ({ results } = await runBenchmark(mutationsFor(TASKS)));
}, 60_000);

describe("the mutation benchmark (train tasks 0 and 16)", () => {
  it("makes a violation of every rule from some gold write", () => {
    const made = new Set(results.map((result) => result.rule));
    // Only the gift-card, payment-change and refund-destination rules need a write (or a gift card) these two
    // tasks do not have.
    expect(MUTATION_RULES.filter((rule) => !made.has(rule))).toEqual([
      "gift-card-covers-amount",
      "refund-to-original-or-gift-card",
      "different-payment-method",
    ]);
  });

  it("with Keel's hooks, no violation reaches the database: a hook or the schema stops each one", () => {
    const keel = results.filter((result) => result.surface === "keel");
    expect(keel.filter((result) => result.fate !== "hook" && result.fate !== "schema")).toEqual([]);
    // Each is stopped by the hook named after the rule it breaks (the schema by no hook).
    for (const result of keel)
      expect({ violation: result.violation, hook: result.step?.hook ?? "(schema)" }).toEqual({
        violation: result.violation,
        hook: result.rule.startsWith("(schema)") ? "(schema)" : result.rule,
      });
  });

  it("without hooks, the violations τ²'s tools do not check reach the database", () => {
    const reached = new Set(
      results
        .filter((result) => result.surface === "naive" && result.fate === "reached")
        .map((result) => result.rule),
    );
    for (const rule of [
      "authenticate-first",
      "confirm-before-write",
      "check-status-first",
      "one-tool-call-per-turn",
      "no-text-beside-tool-call",
      "transfer-then-message",
    ])
      expect(reached).toContain(rule);
  });

  it("prints a table with one row per rule and a total", () => {
    const { keel, naive } = {
      keel: MUTATION_RULES.map((rule) => ({
        rule,
        cases: 1,
        hook: 1,
        schema: 0,
        tool: 0,
        reached: 0,
        unchanged: 0,
      })),
      naive: MUTATION_RULES.map((rule) => ({
        rule,
        cases: 1,
        hook: 0,
        schema: 0,
        tool: 0,
        reached: 1,
        unchanged: 0,
      })),
    };
    const table = benchmarkTable(keel, naive).split("\n");
    expect(table).toHaveLength(MUTATION_RULES.length + 3);
    expect(table.at(-1)).toContain(`| **all** | ${MUTATION_RULES.length} |`);
  });
});

describe("mutationMain (bin/mutations.mjs)", () => {
  it.each([["--bogus"], ["--split"], ["extra"]])(
    "refuses %j with a usage message and exit 2",
    async (arg) => {
      const { out, io } = capturedIo();
      expect(await mutationMain([arg], io)).toBe(2);
      expect(out.stderr).toMatch(/^mutations: /);
      expect(out.stderr).toContain('Run "node evals/tau2-retail/bin/mutations.mjs --help" for the options.');
      expect(out.stdout).toBe("");
    },
  );
});
