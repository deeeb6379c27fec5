import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli, temporaryDirectory } from "../cli.test-helpers.js";

const KEEL_MCP = fileURLToPath(new URL("../../../../packages/mcp-server/dist/index.js", import.meta.url));
const PLAIN = fileURLToPath(new URL("./__fixtures__/plain-mcp-server.mjs", import.meta.url));

function config(servers: Record<string, unknown>): string {
  const file = join(temporaryDirectory(), ".mcp.json");
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

describe("keel lint-tools --mcp-config", () => {
  it("lints a live server's descriptions and tells its authors what is missing (exit 1)", async () => {
    const file = config({ plain: { command: process.execPath, args: [PLAIN] } });
    const result = await runCli(["lint-tools", "--mcp-config", file, "--json"], {
      env: { PATH: process.env.PATH },
    });
    expect(result.code).toBe(1);
    const json = onlyJson(result.stdout);
    expect(json.surface).toBe("mcp:plain");
    const findings = json.findings as Array<{ tool: string; id: string; severity: string }>;
    expect(new Set(findings.map((finding) => finding.tool))).toEqual(new Set(["get_user", "get_account"]));
    expect(findings.some((finding) => finding.severity === "error")).toBe(true);
  });

  it("keel-mcp's own tools pass", async () => {
    const file = config({
      "keel-support": {
        command: process.execPath,
        // The in-memory store: listing the tools needs no database.
        args: [KEEL_MCP, "--memory"],
      },
    });
    const result = await runCli(["lint-tools", "--mcp-config", file], { env: { PATH: process.env.PATH } });
    expect(result.stdout).toContain("(mcp:keel-support surface)");
    expect(result.code).toBe(0);
  });

  it("refuses --naive with --mcp-config, and --mcp-server alone", async () => {
    expect((await runCli(["lint-tools", "--mcp-config", "x.json", "--naive"])).code).toBe(2);
    expect((await runCli(["lint-tools", "--mcp-server", "a"])).code).toBe(2);
  });
});
