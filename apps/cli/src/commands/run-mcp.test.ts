import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  onlyJson,
  runCli,
  runOnRepositoryMcpConfig,
  seededDataDir,
  temporaryDirectory,
} from "../cli.test-helpers.js";

// keel run --mcp-config: the support agent with its tools served by the real keel-mcp over stdio.

const REPOSITORY = fileURLToPath(new URL("../../../../", import.meta.url));
const KEEL_MCP = join(REPOSITORY, "packages/mcp-server/dist/index.js");

function configWith(servers: Record<string, unknown>): { readonly dir: string; readonly file: string } {
  const dir = temporaryDirectory();
  const file = join(dir, ".mcp.json");
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return { dir, file };
}

const keelSupport = (dataDir: string) => ({
  type: "stdio",
  command: process.execPath,
  args: [KEEL_MCP],
  env: { KEEL_DATA_DIR: dataDir },
});

describe("keel run --mcp-config", () => {
  it("runs on the repository's own .mcp.json: the $750 refund is redirected to a person over MCP", async () => {
    const result = await runOnRepositoryMcpConfig();
    expect(result.stderr).toContain("tools over MCP from keel-support");
    expect(result.code).toBe(0);
    const json = onlyJson(result.stdout);
    expect(json.status).toBe("completed");
    expect(json.toolCalls).toContainEqual(
      expect.objectContaining({
        requested: "process_refund",
        executed: "escalate_to_human",
        decision: "redirect",
      }),
    );
  });

  it("a valid empty from the server stays a valid empty across the hop; invalid input is refused here first", async () => {
    const { file } = configWith({ support: keelSupport(await seededDataDir()) });
    const script = join(temporaryDirectory(), "script.json");
    writeFileSync(
      script,
      JSON.stringify([
        {
          content: [
            { type: "tool_use", id: "toolu_1", name: "lookup_order", input: { order_id: "ORD-99999" } },
          ],
        },
        {
          content: [
            {
              type: "tool_use",
              id: "toolu_2",
              name: "process_refund",
              input: { customer_id: "C-1001", order_id: "ORD-1001", amount: -5, reason: "x" },
            },
          ],
        },
        { content: [{ type: "text", text: "Done." }] },
      ]),
    );
    const result = await runCli(
      ["run", "Where is my order?", "--script", script, "--mcp-config", file, "--json"],
      {
        env: { PATH: process.env.PATH },
      },
    );
    expect(result.code).toBe(0);
    const calls = onlyJson(result.stdout).toolCalls as Array<Record<string, unknown>>;
    // A valid empty (the order is not there) stays a valid empty: not an error, and its code intact.
    expect(calls[0]).toMatchObject({
      requested: "lookup_order",
      isError: false,
      category: null,
      code: "ORDER_NOT_FOUND",
    });
    // An invalid amount is a validation error, checked here before the call, as for local tools.
    expect(calls[1]).toMatchObject({ requested: "process_refund", category: "validation" });
  });

  const refusals = [
    {
      name: "never starts a server from a config keel check-config rejects (an unset variable: fail closed)",
      servers: {
        support: { ...keelSupport("/tmp/unused"), env: { API_TOKEN: `\${KEEL_TEST_UNSET_TOKEN}` } },
      },
      flags: [],
      code: 2,
      stderr: ["fails keel check-config, so no server was started", "KEEL_TEST_UNSET_TOKEN"],
    },
    {
      name: "names the servers there are when --mcp-server names another",
      servers: { "keel-support": keelSupport("/tmp/unused") },
      flags: ["--mcp-server", "keel-suport"],
      code: 2,
      stderr: ['has no server "keel-suport". Did you mean keel-support? It has: keel-support.'],
    },
    {
      name: "a server that cannot start ends the run with exit 1 and its stderr, before any model call",
      servers: {
        broken: { command: process.execPath, args: ["-e", "console.error('no store'); process.exit(4)"] },
      },
      flags: [],
      code: 1,
      stderr: ['Could not connect to the MCP server "broken"', "no store"],
    },
  ];
  for (const { name, servers, flags, code, stderr } of refusals) {
    it(name, async () => {
      const { file } = configWith(servers);
      const result = await runCli(
        ["run", "--scenario", "high-value-refund", "--mcp-config", file, ...flags],
        {
          env: { PATH: process.env.PATH },
        },
      );
      expect(result.code).toBe(code);
      for (const fragment of stderr) expect(result.stderr).toContain(fragment);
    });
  }

  it("refuses flags that belong to in-process tools", async () => {
    const { file } = configWith({ support: keelSupport("/tmp/unused") });
    for (const flags of [["--hold"], ["--backend", "sql"], ["--data-dir", "x"]]) {
      const result = await runCli(["run", "--scenario", "high-value-refund", "--mcp-config", file, ...flags]);
      expect(result.code).toBe(2);
    }
    const alone = await runCli(["run", "--scenario", "high-value-refund", "--mcp-server", "support"]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--mcp-config FILE");
  });
});
