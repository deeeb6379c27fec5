import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import topLevelTypos from "./__fixtures__/top-level-typos.json" with { type: "json" };
import { temporaryDirectory, usageError } from "./cli.test-helpers.js";

/** A top-level command or option typed wrong: [kind, typed, meant] (`__fixtures__/top-level-typos.json`). */
const TOP_LEVEL_TYPOS = z
  .array(z.tuple([z.enum(["command", "option"]), z.string(), z.string()]))
  .parse(topLevelTypos);

describe("keel names what a typo meant, wherever a name is chosen from a known list", () => {
  it.each(TOP_LEVEL_TYPOS)("a top-level %s: keel %s → %s", async (kind, typed, meant) => {
    expect(await usageError([typed])).toBe(
      `keel: Unknown ${kind} "${typed}". Did you mean "${meant}"? Commands: run, route, eval-routing, lint-tools, check-config, mcp, trace, tickets, worker, runs. Run "keel --help".\n`,
    );
  });

  it.each([["deploy"], ["init"], ["ev"], ["--verbose"], ["-x"], ["--json"]])(
    "suggests nothing for %s, far from every command and option",
    async (typed) => {
      expect(await usageError([typed])).not.toContain("Did you mean");
    },
  );

  it.each([
    [["run", "--jsno"], "--json"],
    [["run", "--modle", "m"], "--model"],
    [["run", "--scenrio", "low-value-refund"], "--scenario"],
    [["run", "--max-iter", "3"], "--max-iterations"],
    [["route", "--naiev", "x"], "--naive"],
    [["eval-routing", "--surfce", "naive"], "--surface"],
    [["tickets", "--jsno"], "--json"],
  ])("an option of a command: keel %j → %s", async (argv, meant) => {
    const command = argv[0];
    expect(await usageError(argv)).toMatch(
      new RegExp(
        `^keel ${command}: Unknown option '${argv[1]}'\\. Did you mean ${meant}\\? Run "keel ${command} --help"`,
      ),
    );
  });

  it("a scenario: keel run --scenario hihg-value-refund → high-value-refund", async () => {
    expect(await usageError(["run", "--scenario", "hihg-value-refund"])).toMatch(
      /^keel run: Unknown scenario "hihg-value-refund"\. Did you mean high-value-refund\? The shipped scenarios are: low-value-refund, high-value-refund, /,
    );
    expect(await usageError(["run", "--scenario", "transient"])).toContain("Did you mean transient-retry?");
    // "order" starts two scenarios, "refund" none: no guess, the list only.
    for (const name of ["order", "refund", "nope"]) {
      const stderr = await usageError(["run", "--scenario", name]);
      expect(stderr).toContain(`Unknown scenario "${name}". The shipped scenarios are:`);
      expect(stderr).not.toContain("Did you mean");
    }
  });

  it("a subcommand of keel tickets: aprove → approve, rejcet → reject", async () => {
    expect(await usageError(["tickets", "aprove", "T-1001"])).toBe(
      'keel tickets: Unknown subcommand "aprove". Did you mean "keel tickets approve"? Use "keel tickets", "keel tickets approve T-…" or "keel tickets reject T-… --reason …".\n',
    );
    expect(await usageError(["tickets", "rejcet", "T-1001"])).toContain(
      'Did you mean "keel tickets reject"?',
    );
    expect(await usageError(["tickets", "list"])).toBe(
      'keel tickets: Unknown subcommand "list". Use "keel tickets", "keel tickets approve T-…" or "keel tickets reject T-… --reason …".\n',
    );
    // A known subcommand used wrongly is not "unknown".
    expect(await usageError(["tickets", "approve"])).toBe(
      'keel tickets: Use "keel tickets", "keel tickets approve T-…" or "keel tickets reject T-… --reason …".\n',
    );
  });

  it("a backend, a surface and a corpus's expected tool", async () => {
    expect(await usageError(["run", "--scenario", "low-value-refund", "--backend", "sqll"])).toBe(
      'keel run: --backend must be one of memory, sql, got "sqll". Did you mean sql?\n',
    );
    expect(await usageError(["tickets", "--backend", "memroy"])).toContain("Did you mean memory?");
    expect(await usageError(["tickets", "--backend", "redis"])).toBe(
      'keel tickets: --backend must be one of memory, sql, got "redis".\n',
    );
    expect(await usageError(["eval-routing", "corpus.jsonl", "--surface", "naiv"])).toContain(
      "Did you mean naive?",
    );
    expect(await usageError(["eval-routing", "corpus.jsonl", "--surface", "rael"])).toBe(
      'keel eval-routing: --surface must be one of real, naive, got "rael". Did you mean real?\n',
    );
    const folder = temporaryDirectory();
    const corpus = join(folder, "corpus.jsonl");
    writeFileSync(corpus, `${JSON.stringify({ request: "where is ORD-1", expect: "lookup_ordre" })}\n`);
    expect(await usageError(["eval-routing", corpus])).toMatch(
      /"expect" names no known tool: "lookup_ordre"\. Did you mean lookup_order\? Known: escalate_to_human, /,
    );
    writeFileSync(corpus, `${JSON.stringify({ request: "hm", expect: "ambiguous" })}\n`);
    expect(await usageError(["eval-routing", corpus])).toContain("Did you mean AMBIGUOUS?");
  });
});
