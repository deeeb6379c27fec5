import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BUILT_ENTRY, serverEnvironment } from "./built-server.test-helpers.js";

// The MCP Inspector (pinned devDependency) as an outside client, run from node_modules: no network.
const inspectorRoot = new URL("../../node_modules/@modelcontextprotocol/inspector/", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", inspectorRoot), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
const inspectorBin = fileURLToPath(new URL(manifest.bin["mcp-inspector"] ?? "", inspectorRoot));

function inspect(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [inspectorBin, "--cli", process.execPath, BUILT_ENTRY, "--memory", ...args],
      { env: serverEnvironment({ HOME: process.env.HOME ?? "/tmp" }) },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe(`the MCP Inspector CLI ${manifest.version} as an outside client`, () => {
  it("lists every tool, and its strict schema check finds nothing to report", async () => {
    const { code, stdout, stderr } = await inspect(["--strict", "--method", "tools/list"]);
    expect(code, stderr).toBe(0);
    const { tools } = JSON.parse(stdout) as {
      tools: { name: string; outputSchema?: unknown; annotations?: unknown }[];
    };
    expect(tools.map((tool) => tool.name)).toHaveLength(6);
    expect(tools.every((tool) => tool.outputSchema !== undefined && tool.annotations !== undefined)).toBe(
      true,
    );
    expect(stderr).not.toMatch(/Warning|Error:/);
  });

  it("calls a tool and gets the valid empty with its code", async () => {
    const { code, stdout } = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      "lookup_order",
      "--tool-arg",
      "order_id=ORD-9999",
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      isError: false,
      structuredContent: { outcome: "empty", code: "ORDER_NOT_FOUND" },
    });
  });
});
