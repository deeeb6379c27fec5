import { describe, expect, it } from "vitest";
import cases from "./__fixtures__/nearest-names.json" with { type: "json" };
import { nearestName } from "./nearest-name.js";

type Names = readonly string[];

/** A case's names: a list of `lists` by its key, or the names themselves. */
function names(list: unknown): Names {
  if (typeof list === "string") {
    const named = (cases.lists as Readonly<Record<string, Names>>)[list];
    if (named === undefined) throw new Error(`nearest-names.json: no list "${list}"`);
    return named;
  }
  if (Array.isArray(list) && list.every((name) => typeof name === "string")) return list;
  throw new Error(`nearest-names.json: not a list of names: ${JSON.stringify(list)}`);
}

/** A table of `__fixtures__/nearest-names.json` as [typed, names, expected] rows (expected: undefined, none). */
function table(rows: readonly (readonly unknown[])[]): [string, Names, string | undefined][] {
  return rows.map(([typed, list, expected, ...rest]) => {
    if (
      typeof typed !== "string" ||
      !(expected === undefined || typeof expected === "string") ||
      rest.length > 0
    )
      throw new Error(
        `nearest-names.json: not a [typed, names, expected?] row: ${JSON.stringify([typed, list, expected])}`,
      );
    return [typed, names(list), expected];
  });
}

const COMMANDS = names("commands");
const RUN_OPTIONS = names("runOptions");
const MCP_OPTIONS = names("mcpOptions");
const SCENARIOS = names("scenarios");

describe("nearestName: the whole name, a third of it at most differing", () => {
  it.each(table(cases.wholeName))(
    "%s → %s (insertions, deletions, substitutions, case)",
    (typed, names, expected) => {
      expect(nearestName(typed, names)).toBe(expected);
    },
  );

  it.each(table(cases.swapped))(
    "%s → %s: two neighbouring letters swapped count as one edit",
    (typed, names, expected) => {
      expect(nearestName(typed, names)).toBe(expected);
    },
  );

  it("counts a swap as one edit, not two substitutions", () => {
    // Levenshtein makes "ab" → "ba" two edits: more than a third of two letters; a swap is one.
    expect(nearestName("ba", ["ab"])).toBe("ab");
    expect(nearestName("rnu", ["run"])).toBe("run");
    // A swap and a substitution: two edits in three letters is too many.
    expect(nearestName("nux", ["run"])).toBeUndefined();
  });

  it.each(table(cases.nothing))("suggests nothing for %s, far from every name", (typed, names) => {
    expect(nearestName(typed, names)).toBeUndefined();
  });

  it("names nothing when two names are equally near", () => {
    expect(nearestName("cat", ["bat", "hat"])).toBeUndefined();
    // The nearer of two close names wins.
    expect(nearestName("hots", ["host", "hosts2"])).toBe("host");
  });
});

describe("nearestName: the start of exactly one name", () => {
  it.each(table(cases.start))("%s → %s", (typed, names, expected) => {
    expect(nearestName(typed, names)).toBe(expected);
  });

  it("allows one edit in every five characters of a start", () => {
    expect(nearestName("max-itre", RUN_OPTIONS)).toBe("max-iterations");
    expect(nearestName("eval-rotu", COMMANDS)).toBe("eval-routing");
    // Under five characters a start must be exact: "evla" and "init" start nothing.
    expect(nearestName("evla", COMMANDS)).toBeUndefined();
    expect(nearestName("init", COMMANDS)).toBeUndefined();
  });

  it("needs three characters: two may start too many things to guess", () => {
    expect(nearestName("ev", COMMANDS)).toBeUndefined();
    expect(nearestName("li", COMMANDS)).toBeUndefined();
  });

  it("names nothing for a start that several names share", () => {
    expect(nearestName("log", MCP_OPTIONS)).toBeUndefined();
    expect(nearestName("allowed", MCP_OPTIONS)).toBeUndefined();
    expect(nearestName("mcp", RUN_OPTIONS)).toBeUndefined();
    expect(nearestName("order", SCENARIOS)).toBeUndefined();
  });

  it("prefers a whole name that is close over a start", () => {
    // "trac" is one edit from "trace" and starts "tracker" too: the whole name wins.
    expect(nearestName("trac", ["trace", "tracker"])).toBe("trace");
    // "rout" starts "route" and is one edit from it; "run" is two away.
    expect(nearestName("rout", COMMANDS)).toBe("route");
  });
});

/** `@keel/tools`' support-desk tool names. */
const TOOLS = ["get_customer_by_email", "get_customer_by_id", "lookup_order", "process_refund"];

describe("nearestName: look-alikes first", () => {
  it("prefers the same letters under other case and separators over a closer spelling", () => {
    expect(nearestName("GetCustomerById", TOOLS)).toBe("get_customer_by_id");
  });

  it("finds the same words in another order", () => {
    expect(nearestName("refund_process", TOOLS)).toBe("process_refund");
  });

  it("finds a small misspelling", () => {
    expect(nearestName("proces_refnd", TOOLS)).toBe("process_refund");
  });

  it("suggests nothing for an unrelated name", () => {
    expect(nearestName("escalate_to_human", TOOLS)).toBeUndefined();
  });

  it("compares nothing more than twice as long as the longest name", () => {
    expect(nearestName("l".repeat(1_000_000), TOOLS)).toBeUndefined();
  });
});
