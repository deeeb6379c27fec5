import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";
import { BUILT_ENTRY } from "./built-server.test-helpers.js";

// The MCP Inspector (pinned devDependency) as an outside client, run from node_modules: no network.
const inspectorRoot = new URL("../../node_modules/@modelcontextprotocol/inspector/", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", inspectorRoot), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
const inspectorBin = fileURLToPath(new URL(manifest.bin["mcp-inspector"] ?? "", inspectorRoot));

const inspect = (args: readonly string[]) =>
  runNodeScript(inspectorBin, ["--cli", process.execPath, BUILT_ENTRY, "--memory", ...args], {
    env: { HOME: process.env.HOME ?? "/tmp" },
  });

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
