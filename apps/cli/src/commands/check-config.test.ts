import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, onlyJson, runCli, temporaryDirectory, usageError } from "../cli.test-helpers.js";

const fixture = (name: string) => new URL(`../config/__fixtures__/${name}`, import.meta.url).pathname;

describe("keel check-config", () => {
  it("passes a config with ${VAR} for every secret when the variables are set (exit 0)", async () => {
    const { code, stdout } = await runCli(["check-config", fixture("good.mcp.json")], {
      env: { KEEL_MCP_TOKEN: "t0k3n-value-never-printed" },
    });
    expect(code).toBe(0);
    expect(stdout).toContain(
      "✔ keel-support  stdio · variables: KEEL_DATA_DIR (default), DATABASE_URL (default), KEEL_MCP_TOKEN (set)",
    );
    expect(stdout).toContain("passes: no hard-coded secrets, every variable resolves");
    expect(stdout).not.toContain("t0k3n-value-never-printed");
  });

  it("passes the repository's own .mcp.json, with no variable set", async () => {
    const { code, stdout } = await runCli(["check-config"], { cwd: join(CLI_ROOT, "../..") });
    expect(stdout).toContain("✔ keel-support ");
    expect(stdout).toContain(".mcp.json passes");
    expect(code).toBe(0);
  });

  it("fails closed when a variable without a default is unset (exit 1)", async () => {
    const { code, stdout } = await runCli(["check-config", fixture("good.mcp.json")]);
    expect(code).toBe(1);
    expect(stdout).toContain("env.KEEL_MCP_TOKEN");
    expect(stdout).toContain("${KEEL_MCP_TOKEN} is not set and has no default");
    expect(stdout).toContain("good.mcp.json (2 servers)");
  });

  it("names server and field of each hard-coded secret and prints none of them whole (exit 1)", async () => {
    const { code, stdout } = await runCli(["check-config", fixture("leaky.mcp.json")], {
      env: { REGION: "eu" },
    });
    expect(code).toBe(1);
    expect(stdout).toContain("✘ support");
    expect(stdout).toMatch(/args\[3\] +Anthropic API key hard-coded: sk-a…\(47 chars\)/);
    expect(stdout).toMatch(/env\.DB_PASSWORD +known default secret in a secret-named field: ch…\(8 chars\)/);
    expect(stdout).toContain("✘ remote");
    expect(stdout).toMatch(/url +password written into a URL/);
    expect(stdout).toMatch(/headers\.Authorization +bearer token hard-coded/);
    expect(stdout).toContain("fails: 4 problems");
    for (const secret of [
      "LEAKEDleakedLEAKEDleaked0123456789",
      "changeme",
      "hunter2hunter2",
      "abcdef0123456789abcdef0123456789",
    ]) {
      expect(stdout).not.toContain(secret);
    }
  });

  it("reads .mcp.json in the current directory by default and reports JSON with --json", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(
      join(cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { local: { command: "node", env: { API_KEY: "${API_KEY:-}" } } } }),
    );
    const { code, stdout } = await runCli(["check-config", "--json"], { cwd });
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toEqual({
      file: ".mcp.json",
      ok: true,
      servers: [
        {
          name: "local",
          transport: "stdio",
          variables: [{ name: "API_KEY", source: "default" }],
          findings: [],
        },
      ],
      findings: [],
    });
    expect((await runCli(["check-config"], { cwd })).stdout).toContain("Checking .mcp.json (1 server)\n");
  });

  it("fails a file that is not JSON without quoting it (a secret may be next to the error)", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(
      join(cwd, ".mcp.json"),
      '{"mcpServers": {"x": {"env": {"KEY": "sk-ant-api03-NotQuotedNotQuoted0000"}}}',
    );
    const { code, stdout } = await runCli(["check-config"], { cwd });
    expect(code).toBe(1);
    expect(stdout).toContain(
      "(file)  not valid JSON at line 1, column 78: it ends before the object is closed",
    );
    expect(stdout).not.toContain("NotQuoted");
    expect(stdout).toContain(".mcp.json fails: 1 problem.\n");
  });

  it("places the error in a file V8 gives no position for, and reads past a byte order mark", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, "tru.json"), '{"mcpServers": {}, "strict": tru}');
    const bad = await runCli(["check-config", "tru.json", "--json"], { cwd });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).findings[0].message).toBe(
      "not valid JSON at line 1, column 33: expected true",
    );
    writeFileSync(join(cwd, "bom.json"), '\uFEFF{"mcpServers": {}}');
    const bom = await runCli(["check-config", "bom.json", "--json"], { cwd });
    expect(JSON.parse(bom.stdout).findings).toEqual([]);
  });

  it("is a usage error when the file cannot be read, or two files are given (exit 2)", async () => {
    expect(await usageError(["check-config", "missing.json"])).toBe(
      "keel check-config: missing.json: not readable: no such file (ENOENT).\n",
    );
    expect(await usageError(["check-config", "a.json", "b.json"])).toBe(
      'keel check-config: expected one config file, got 2: "a.json" "b.json".\n',
    );
  });
});
