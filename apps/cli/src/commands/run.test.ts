import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli, scriptedRun, temporaryDirectory } from "../cli.test-helpers.js";

describe("keel run", () => {
  it("serves a --script file in order and reports its usage, cache tokens included", async () => {
    const { code, stdout } = await runCli([
      ...scriptedRun("Where is ORD-1005?", "order-status.script.json"),
      "--json",
    ]);
    expect(code).toBe(0);
    const json = onlyJson(stdout);
    expect(json).toMatchObject({
      status: "completed",
      text: "Order ORD-1005 (a paperback bundle) has shipped.",
      iterations: 1,
      modelRequests: 2,
      toolCalls: [
        {
          id: "toolu_script_1",
          requested: "lookup_order",
          executed: "lookup_order",
          input: { order_id: "ORD-1005" },
          decision: "allow",
          isError: false,
          category: null,
          code: null,
          attempts: 1,
        },
      ],
      escalations: [],
      usage: {
        input_tokens: 2600,
        output_tokens: 65,
        cache_creation_input_tokens: 900,
        cache_read_input_tokens: 900,
      },
    });
  });

  it("exits 1 when the run ends in another status than completed (max_iterations)", async () => {
    const { code, stdout } = await runCli([
      ...scriptedRun("Check my orders", "runaway.script.json"),
      "--max-iterations",
      "1",
      "--json",
    ]);
    expect(onlyJson(stdout).status).toBe("max_iterations");
    expect(code).toBe(1);
  });

  it("exits 1 with status model_error when the script runs out", async () => {
    const { code, stdout } = await runCli([
      ...scriptedRun("Check ORD-1005", "cut-short.script.json"),
      "--json",
    ]);
    expect(onlyJson(stdout).status).toBe("model_error");
    expect(code).toBe(1);
  });

  it("prints a readable step-by-step trace for people: request, tool, hook decision, outcome, summary", async () => {
    const { code, stdout } = await runCli(["run", "--scenario", "high-value-refund"]);
    expect(code).toBe(0);
    expect(stdout).toContain("request Hello, alice@example.com here.");
    expect(stdout).toMatch(
      /tool +process_refund \{"customer_id":"C-1001","order_id":"ORD-1002","amount":750/,
    );
    expect(stdout).toMatch(/hook +redirect by refund-limit → escalate_to_human/);
    expect(stdout).toContain("Refunds above $500 are reviewed by a person");
    expect(stdout).toContain("✔ completed · 3 tool rounds · 4 model requests");
    expect(stdout).toContain(
      "escalated ticket T-1001 (refund_over_limit, open) ← redirected from process_refund",
    );
    expect(stdout).not.toContain("\u001b[");
  });

  it("shows a blocked call and the error category of a failed one", async () => {
    const blocked = await runCli(["run", "--scenario", "suspended-account"]);
    expect(blocked.stdout).toMatch(/hook +block by suspended-account/);
    expect(blocked.stdout).toMatch(/error +business\/ACCOUNT_SUSPENDED/);
    const retried = await runCli(["run", "--scenario", "transient-retry"]);
    expect(retried.stdout).toMatch(
      /tool +lookup_order .*\n +hook +allow\n +retry +lookup_order after ORDERS_UPSTREAM_TIMEOUT: attempt 2 .*\n +ok +success \(2 attempts/,
    );
  });

  it("colours the output and spins on stderr on a terminal, and not with NO_COLOR", async () => {
    const terminal = await runCli(["run", "--scenario", "low-value-refund"], { isTTY: true });
    expect(terminal.stdout).toContain("\u001b[32m");
    expect(terminal.stderr).toMatch(/⠋ waiting for the model/);
    const noColor = await runCli(["run", "--scenario", "low-value-refund"], {
      isTTY: true,
      env: { NO_COLOR: "1" },
    });
    expect(noColor.stdout).not.toContain("\u001b[");
  });

  it("says SIMULATION and picks the scenario whose request matches best when none is named", async () => {
    const { code, stdout, stderr } = await runCli([
      "run",
      "Please refund the broken espresso machine, order ORD-1002",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/SIMULATION.*"high-value-refund" \(it matches the request best\)/);
    expect(onlyJson(stdout).escalations).toHaveLength(1);
  });

  it("explains what to pass when no scenario matches in SIMULATION (exit 2)", async () => {
    const { code, stdout, stderr } = await runCli(["run", "What is the weather in Paris?"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("no shipped scenario clearly matches");
    expect(stderr).toContain("--scenario NAME");
    expect(stderr).toContain("high-value-refund");
    expect(stderr).toContain("--script FILE");
    expect(stderr).toContain("ANTHROPIC_API_KEY");
  });

  it("ignores a blank ANTHROPIC_API_KEY: that is SIMULATION, not LIVE", async () => {
    const { stderr } = await runCli(["run", "--scenario", "order-not-found"], {
      env: { ANTHROPIC_API_KEY: "  " },
    });
    expect(stderr).toContain("SIMULATION");
  });

  describe("usage errors exit 2 with a message and no stack trace", () => {
    const cases: [string, string[], RegExp][] = [
      ["an unknown command", ["launch"], /Unknown command "launch"/],
      ["an unknown option", ["run", "--scenario", "low-value-refund", "--fast"], /Unknown option '--fast'/],
      [
        "a mistyped option, with the nearest known one",
        ["run", "--senario", "low-value-refund"],
        /Unknown option '--senario'\. Did you mean --scenario\? Run "keel run --help"/,
      ],
      ["a missing option value", ["run", "--scenario"], /--scenario needs a value, and nothing follows it/],
      [
        "an option where a value belongs",
        ["run", "--memory", "--json"],
        /--memory needs a value, but "--json" after it is an option/,
      ],
      [
        "a negative number, answered by the range check",
        ["run", "--scenario", "low-value-refund", "--max-input-tokens", "-1"],
        /--max-input-tokens needs a whole number of at least 1, got "-1"/,
      ],
      [
        "a value option given twice",
        ["run", "Where is ORD-1005?", "--compact=70000", "--compact"],
        /--compact is given more than once: give it once\./,
      ],
      [
        "a bad number",
        ["run", "--scenario", "low-value-refund", "--max-iterations", "ten"],
        /--max-iterations needs a whole number of at least 1, got "ten"/,
      ],
      [
        "a zero iteration cap",
        ["run", "--scenario", "low-value-refund", "--max-iterations", "0"],
        /at least 1, got "0"/,
      ],
      [
        "an unknown scenario",
        ["run", "--scenario", "nope"],
        /Unknown scenario "nope". The shipped scenarios are: low-value-refund/,
      ],
      [
        "an unreadable script",
        ["run", "hi", "--script", "/nonexistent/script.json"],
        /^keel run: --script \/nonexistent\/script.json: not readable: no such file \(ENOENT\)\.\n$/,
      ],
      [
        "a script that is not JSON, with line and column",
        ["run", "hi", "--script", "not-json.json"],
        /^keel run: --script not-json\.json: not valid JSON at line 1, column 4: expected a property name in double quotes\.\n$/,
      ],
      [
        "a script that is not an array",
        ["run", "hi", "--script", "object.json"],
        /^keel run: --script object\.json: must hold a JSON array/,
      ],
      [
        "a script V8 gives no position for",
        ["run", "hi", "--script", "tru.json"],
        /^keel run: --script tru\.json: not valid JSON at line 2, column 27: expected true\.\n$/,
      ],
      [
        "an MCP config that is not JSON",
        ["run", "hi", "--mcp-config", "tru.json"],
        /^keel run: --mcp-config tru\.json: not valid JSON at line 2, column 27: expected true\.\n$/,
      ],
      ["two requests", ["run", "one", "two"], /^keel run: expected one request, got 2: "one" "two"/],
      ["no request", ["run"], /^keel run: a request or a scenario is required\.\n/],
      [
        "--script with --scenario",
        ["run", "--scenario", "low-value-refund", "--script", "x.json"],
        /give one of them/,
      ],
      [
        "--record with --replay",
        ["run", "--scenario", "low-value-refund", "--record", "a", "--replay", "b"],
        /exclude each other/,
      ],
      [
        "an unknown backend",
        ["run", "--scenario", "low-value-refund", "--backend", "redis"],
        /--backend must be one of memory, sql, got "redis"/,
      ],
      [
        "a trace file in a missing directory",
        ["run", "--scenario", "low-value-refund", "--trace", "/nonexistent/dir/t.json"],
        /^keel run: --trace \/nonexistent\/dir\/t\.json: the directory \/nonexistent\/dir does not exist\.\n$/,
      ],
      [
        "a trace path that is a directory",
        ["run", "--scenario", "low-value-refund", "--trace", "out"],
        /^keel run: --trace out: it is a directory, not a file\.\n$/,
      ],
      [
        "a cassette path under a regular file",
        ["run", "--scenario", "low-value-refund", "--record", "notes.txt/run.json"],
        /^keel run: --record notes\.txt\/run\.json: \S+\/notes\.txt is a file, not a directory\.\n$/,
      ],
      [
        "a cassette path deeper under a regular file",
        ["run", "--scenario", "low-value-refund", "--record", "notes.txt/a/b/run.json"],
        /^keel run: --record notes\.txt\/a\/b\/run\.json: \S+\/notes\.txt is a file, not a directory\.\n$/,
      ],
      [
        "an empty trace path",
        ["run", "--scenario", "low-value-refund", "--trace", ""],
        /^keel run: --trace needs a file name\.\n$/,
      ],
      [
        "the same file for --trace and --record",
        ["run", "--scenario", "low-value-refund", "--trace", "a.json", "--record", "./a.json"],
        /^keel run: --trace and --record name the same file/,
      ],
      [
        "a data directory that is a regular file",
        ["run", "--scenario", "low-value-refund", "--data-dir", "notes.txt"],
        /^keel run: --data-dir notes\.txt: it is a file, not a directory \(PGlite keeps its store in a directory\)\.\n$/,
      ],
      [
        "a data directory under a regular file",
        ["run", "--scenario", "low-value-refund", "--data-dir", "notes.txt/db"],
        /^keel run: --data-dir notes\.txt\/db: \S+\/notes\.txt is a file, not a directory/,
      ],
    ];
    for (const [what, argv, message] of cases) {
      it(`for ${what}`, async () => {
        const cwd = temporaryDirectory();
        writeFileSync(join(cwd, "not-json.json"), "[{ nope");
        writeFileSync(join(cwd, "object.json"), '{"content": []}');
        writeFileSync(join(cwd, "tru.json"), '[\n  {"content": [], "x": tru}\n]');
        writeFileSync(join(cwd, "notes.txt"), "");
        mkdirSync(join(cwd, "out"));
        const before = readdirSync(cwd).sort();
        const { code, stdout, stderr } = await runCli(argv, { cwd });
        expect(code).toBe(2);
        // With --json on the line, the usage error is one JSON object on stdout too (main.ts); else nothing.
        if (argv.includes("--json")) expect(JSON.parse(stdout)).toMatchObject({ error: { kind: "usage" } });
        else expect(stdout).toBe("");
        expect(stderr).toMatch(message);
        expect(stderr).not.toMatch(/\n\s+at /);
        // Nothing ran, so nothing was written: no trace, no cassette, no temporary file.
        expect(readdirSync(cwd).sort()).toEqual(before);
        expect(readdirSync(join(cwd, "out"))).toEqual([]);
      });
    }

    it("for KEEL_DATA_DIR naming a regular file", async () => {
      const cwd = temporaryDirectory();
      writeFileSync(join(cwd, "notes.txt"), "");
      const { code, stderr } = await runCli(["run", "--scenario", "low-value-refund", "--backend", "sql"], {
        cwd,
        env: { KEEL_DATA_DIR: "notes.txt" },
      });
      expect(code).toBe(2);
      expect(stderr).toMatch(/^keel run: KEEL_DATA_DIR=notes\.txt: it is a file, not a directory/);
    });
  });

  describe("never writes over a file it reads (exit 2, the file untouched)", () => {
    const cases: [string, string[], RegExp][] = [
      [
        "--trace on the --replay cassette",
        ["--replay", "c.json", "--trace", "c.json"],
        /^keel run: --trace c\.json: it would overwrite --replay c\.json\. Give it a file of its own\.\n$/,
      ],
      [
        "--trace on the cassette spelled another way",
        ["--replay", "c.json", "--trace", "sub/../c.json"],
        /^keel run: --trace sub\/\.\.\/c\.json: it would overwrite --replay c\.json\./,
      ],
      [
        "--trace on the cassette by its absolute path",
        ["--replay", "./c.json", "--trace", "ABSOLUTE/c.json"],
        /: it would overwrite --replay \.\/c\.json\./,
      ],
      [
        "--trace on the cassette through a symbolic link",
        ["--replay", "c.json", "--trace", "link.json"],
        /^keel run: --trace link\.json: it would overwrite --replay c\.json\./,
      ],
      [
        "--record on the --script",
        ["hi", "--script", "c.json", "--record", "c.json"],
        /^keel run: --record c\.json: it would overwrite --script c\.json\./,
      ],
      [
        "--trace on the --script",
        ["hi", "--script", "c.json", "--trace", "./c.json"],
        /^keel run: --trace \.\/c\.json: it would overwrite --script c\.json\./,
      ],
      [
        "--trace on the --mcp-config",
        ["--scenario", "low-value-refund", "--mcp-config", "c.json", "--trace", "c.json"],
        /^keel run: --trace c\.json: it would overwrite --mcp-config c\.json\./,
      ],
      [
        "--record on the .env every command reads",
        ["--scenario", "low-value-refund", "--record", ".env"],
        /^keel run: --record \.env: it would overwrite the environment file \.env\./,
      ],
    ];
    for (const [what, args, message] of cases) {
      it(`refuses ${what}`, async () => {
        const cwd = temporaryDirectory();
        const text = "[not a cassette, a script or a config: it must stay as it is]";
        writeFileSync(join(cwd, "c.json"), text);
        writeFileSync(join(cwd, ".env"), "KEEL_TEST=1\n");
        mkdirSync(join(cwd, "sub"));
        symlinkSync(join(cwd, "c.json"), join(cwd, "link.json"));
        const argv = ["run", ...args.map((arg) => arg.replace("ABSOLUTE", cwd))];
        const { code, stdout, stderr } = await runCli(argv, { cwd });
        expect(code).toBe(2);
        expect(stdout).toBe("");
        expect(stderr).toMatch(message);
        expect(readFileSync(join(cwd, "c.json"), "utf8")).toBe(text);
        expect(readFileSync(join(cwd, ".env"), "utf8")).toBe("KEEL_TEST=1\n");
      });
    }
  });

  it("prints help with examples and exits 0", async () => {
    const { code, stdout } = await runCli(["run", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: keel run "<request>" [options]');
    expect(stdout).toContain("Examples:");
  });
});
