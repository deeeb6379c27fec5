import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILT_ENTRY, serverEnvironment } from "./built-server.test-helpers.js";

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
    const child = spawn(process.execPath, [BUILT_ENTRY, "--memory"], { env: serverEnvironment() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const [first, ...rest] = LINES.map((line) => JSON.stringify(line));
    child.stdin.write(`${first}\nthis is not json\n${rest.join("\n")}\n`);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    const lines = stdout.split("\n").filter((line) => line !== "");
    const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number });
    expect(messages.every((message) => message.jsonrpc === "2.0")).toBe(true);
    expect(messages.map((message) => message.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(stderr).toContain("keel-mcp info ready");
  });

  it("stops with exit code 0 on SIGTERM and says so on stderr", async () => {
    const child = spawn(process.execPath, [BUILT_ENTRY, "--memory"], { env: serverEnvironment() });
    let stderr = "";
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
        if (stderr.includes("ready")) resolve();
      });
    });
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(stderr).toContain("stopped");
  });
});
