import { describe, expect, it } from "vitest";
import { onlyJson, runCli, usageError } from "../cli.test-helpers.js";

describe("keel lint-tools", () => {
  it("passes the support tools (exit 0)", async () => {
    const { code, stdout } = await runCli(["lint-tools"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Linting 6 tools (real surface)");
    expect(stdout).toContain("✔ no errors");
  });

  it("fails the naive surface on an error-level finding (exit 1)", async () => {
    const { code, stdout } = await runCli(["lint-tools", "--naive"]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/error +get_customer \[overlap-without-boundary\]/);
    expect(stdout).toMatch(/✘ \d+ errors?, \d+ warnings?$/m);
    expect(stdout).not.toMatch(/\(s\)|\b1 (errors|warnings)\b/);
  });

  it("prints the findings as one JSON object with --json", async () => {
    const json = onlyJson((await runCli(["lint-tools", "--naive", "--json"])).stdout);
    expect(json.surface).toBe("naive");
    expect(json.errors).toBeGreaterThan(0);
    expect((json.findings as { id: string; severity: string; tool: string; message: string }[])[0]).toEqual({
      id: expect.any(String),
      severity: expect.stringMatching(/^(error|warning)$/),
      tool: "get_customer",
      message: expect.any(String),
    });
  });

  it("takes no arguments (exit 2), saying so once", async () => {
    expect(await usageError(["lint-tools", "extra", "two"])).toBe(
      `keel lint-tools: Unexpected argument 'extra': only options are allowed. Run "keel lint-tools --help" for the options.\n`,
    );
  });

  it("names the option an argument looks like, and still answers --help", async () => {
    expect(await usageError(["lint-tools", "naive"])).toContain(
      "Unexpected argument 'naive': only options are allowed. Did you mean --naive?",
    );
    const help = await runCli(["lint-tools", "extra", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: keel lint-tools");
  });
});
