import { describe, expect, it } from "vitest";
import { runCli } from "./cli.test-helpers.js";
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
    const { code, stdout, stderr } = await runCli([]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("Usage: keel <command>");
  });

  it("names an unknown command or option (exit 2)", async () => {
    const command = await runCli(["deploy"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Unknown command "deploy"');
    const option = await runCli(["--verbose"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('Unknown option "--verbose"');
  });
});
