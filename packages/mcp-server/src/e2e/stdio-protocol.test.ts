import { runNodeScript, startNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";
import { BUILT_ENTRY } from "./built-server.test-helpers.js";

const LINES = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
  {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "lookup_order", arguments: { order_id: "ORD-1001" } },
  },
  { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "no_such_tool", arguments: {} } },
  { jsonrpc: "2.0", id: 5, method: "no/such/method" },
];

describe("stdio framing", () => {
  it("writes nothing but JSON-RPC messages to stdout, even around a garbage line", async () => {
    const [first, ...rest] = LINES.map((line) => JSON.stringify(line));
    const input = `${first}\nthis is not json\n${rest.join("\n")}\n`;
    const { code, stdout, stderr } = await runNodeScript(BUILT_ENTRY, ["--memory"], { input });
    expect(code).toBe(0);
    const lines = stdout.split("\n").filter((line) => line !== "");
    const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number });
    expect(messages.every((message) => message.jsonrpc === "2.0")).toBe(true);
    expect(messages.map((message) => message.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(stderr).toContain("keel-mcp info ready");
  });

  it("stops with exit code 0 on SIGTERM and says so on stderr", async () => {
    const server = startNodeScript(BUILT_ENTRY, ["--memory"]);
    await server.waitForStderr("ready");
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toContain("stopped");
  });
});
