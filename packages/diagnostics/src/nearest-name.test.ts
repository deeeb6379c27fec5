import { describe, expect, it } from "vitest";
import { nearestName } from "./nearest-name.js";

/** `keel`'s commands, as `keel --help` lists them. */
const COMMANDS = ["run", "route", "eval-routing", "lint-tools", "check-config", "tickets", "trace"];
/** `keel run`'s options. */
const RUN_OPTIONS = [
  "scenario",
  "script",
  "model",
  "max-iterations",
  "thinking",
  "temperature",
  "json",
  "trace",
  "record",
  "replay",
  "backend",
  "database-url",
  "data-dir",
  "hold",
  "mcp-config",
  "mcp-server",
  "help",
];
/** `keel-mcp`'s options. */
const MCP_OPTIONS = [
  "http",
  "host",
  "port",
  "allowed-origin",
  "allowed-host",
  "require-conversation",
  "max-connections",
  "header-timeout",
  "data-dir",
  "memory",
  "log-level",
  "log-format",
  "version",
  "help",
];
const SCENARIOS = [
  "low-value-refund",
  "high-value-refund",
  "multi-intent",
  "transient-retry",
  "validation-bad-order-id",
  "business-already-refunded",
  "permission-refund-forbidden",
  "suspended-account",
  "order-not-found",
  "orders-db-unreachable",
];

describe("nearestName: the whole name, a third of it at most differing", () => {
  it.each([
    ["rn", COMMANDS, "run"],
    ["ticket", COMMANDS, "tickets"],
    ["memroy", MCP_OPTIONS, "memory"],
    ["scenrio", RUN_OPTIONS, "scenario"],
    ["RUN", COMMANDS, "run"],
  ])("%s → %s (insertions, deletions, substitutions, case)", (typed, names, expected) => {
    expect(nearestName(typed, names)).toBe(expected);
  });

  it.each([
    ["rnu", COMMANDS, "run"],
    ["jsno", RUN_OPTIONS, "json"],
    ["modle", RUN_OPTIONS, "model"],
    ["prot", MCP_OPTIONS, "port"],
    ["verison", ["help", "version"], "version"],
    ["hlep", ["help", "version"], "help"],
    ["hihg-value-refund", SCENARIOS, "high-value-refund"],
    ["aprove", ["approve", "reject"], "approve"],
    ["rejcet", ["approve", "reject"], "reject"],
  ])("%s → %s: two neighbouring letters swapped count as one edit", (typed, names, expected) => {
    expect(nearestName(typed, names)).toBe(expected);
  });

  it("counts a swap as one edit, not two substitutions", () => {
    // Levenshtein makes "ab" → "ba" two edits: more than a third of two letters; a swap is one.
    expect(nearestName("ba", ["ab"])).toBe("ab");
    expect(nearestName("rnu", ["run"])).toBe("run");
    // A swap and a substitution: two edits in three letters is too many.
    expect(nearestName("nux", ["run"])).toBeUndefined();
  });

  it.each([
    ["deploy", COMMANDS],
    ["verbose", ["help", "version"]],
    ["verbose", ["loud", "times", "help"]],
    ["init", COMMANDS],
    ["status", COMMANDS],
    ["config", ["json", "help"]],
    ["quiet", RUN_OPTIONS],
    ["debug", MCP_OPTIONS],
    ["refund", SCENARIOS],
    ["x", ["h", "help"]],
    ["", COMMANDS],
    ["anything", []],
  ])("suggests nothing for %s, far from every name", (typed, names) => {
    expect(nearestName(typed, names)).toBeUndefined();
  });

  it("names nothing when two names are equally near", () => {
    expect(nearestName("cat", ["bat", "hat"])).toBeUndefined();
    // The nearer of two close names wins.
    expect(nearestName("hots", ["host", "hosts2"])).toBe("host");
  });
});

describe("nearestName: the start of exactly one name", () => {
  it.each([
    ["eval", COMMANDS, "eval-routing"],
    ["lint", COMMANDS, "lint-tools"],
    ["check", COMMANDS, "check-config"],
    ["max-iter", RUN_OPTIONS, "max-iterations"],
    ["temp", RUN_OPTIONS, "temperature"],
    ["header", MCP_OPTIONS, "header-timeout"],
    ["max", MCP_OPTIONS, "max-connections"],
    ["high", SCENARIOS, "high-value-refund"],
    ["EVAL", COMMANDS, "eval-routing"],
  ])("%s → %s", (typed, names, expected) => {
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
