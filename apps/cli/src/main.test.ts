import { describe, expect, it } from "vitest";
import { runCli, usageError } from "./cli.test-helpers.js";
import { cliVersion } from "./version.js";

const COMMANDS = ["run", "route", "eval-routing", "lint-tools", "check-config", "trace", "tickets"];

describe("keel", () => {
  it("lists every command in --help and exits 0", async () => {
    const { code, stdout } = await runCli(["--help"]);
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command} `, "m"));
  });

  for (const command of COMMANDS) {
    it(`prints help with examples for keel ${command} --help`, async () => {
      const { code, stdout, stderr } = await runCli([command, "--help"]);
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: keel ${command}`);
      expect(stdout).toContain("Examples:");
      expect(stderr).toBe("");
      expect((await runCli(["help", command])).stdout).toBe(stdout);
    });
  }

  it("prints the version", async () => {
    const { code, stdout } = await runCli(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${cliVersion()}\n`);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("is a usage error without a command: help on stderr, nothing on stdout (exit 2)", async () => {
    expect(await usageError([])).toContain("Usage: keel <command>");
  });

  it("names an unknown command or option (exit 2)", async () => {
    expect(await usageError(["deploy"])).toContain('Unknown command "deploy"');
    expect(await usageError(["--verbose"])).toContain('Unknown option "--verbose"');
  });

  it("names the command once in a usage error, and asks to quote only what may be quoted", async () => {
    const cases: [readonly string[], Record<string, string>, RegExp][] = [
      [
        ["route", "a", "b"],
        {},
        /^keel route: expected one request, got 2: "a" "b"\. Quote a request that has spaces\.\n$/,
      ],
      [["run", "a", "b"], {}, /^keel run: expected one request, got 2: "a" "b"\. Quote a request/],
      [
        ["run"],
        { ANTHROPIC_API_KEY: "sk-ant-test" },
        /^keel run: a request is required: keel run "<request>"/,
      ],
      [["run"], {}, /^keel run: a request or a scenario is required\.\n/],
      [["trace", "x", "y"], {}, /^keel trace: expected one trace file, got 2: "x" "y"\.\n$/],
      [
        ["lint-tools", "x"],
        {},
        /^keel lint-tools: Unexpected argument 'x': only options are allowed\. Run "keel lint-tools --help" for the options\.\n$/,
      ],
      [["route"], {}, /^keel route: a request is required\./],
    ];
    for (const [argv, env, message] of cases) {
      const { code, stderr } = await runCli(argv, { env });
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/keel (\S+):? keel \1\b/);
    }
  });
});

describe("usage errors with --json", () => {
  it.each([
    [["runs", "frob", "--json"], 'Unknown subcommand "frob"'],
    [["runs", "--limit", "0", "--json"], "--limit needs a whole number from 1 to 10000"],
    [["route", "--json", "--nope"], "--nope"],
  ])("keel %j: exit 2, one JSON error object on stdout, the message on stderr", async (argv, says) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    const parsed = JSON.parse(result.stdout);
    expect(parsed).toEqual({ error: { kind: "usage", message: expect.stringContaining(says) } });
    expect(result.stderr).toContain(says);
  });

  it("without --json stdout stays empty", async () => {
    const result = await runCli(["runs", "frob"]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
  });
});
