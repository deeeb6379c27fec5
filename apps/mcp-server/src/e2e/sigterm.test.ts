import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { serverEnvironment } from "./built-server.test-helpers.js";

const FIXTURE = fileURLToPath(new URL("./__fixtures__/slow-tool-server.mjs", import.meta.url));
const SLOW_CALL = {
  jsonrpc: "2.0",
  id: 42,
  method: "tools/call",
  params: { name: "slow_echo", arguments: { text: "finished" } },
};
const TOKEN = "sigterm-test-token-0123456789";

function spawnFixture(args: readonly string[]) {
  const child = spawn(process.execPath, [FIXTURE, "--memory", ...args], {
    env: serverEnvironment({ KEEL_MCP_TOKEN: TOKEN }),
  });
  let stderr = "";
  let stdout = "";
  const waiters: [string, () => void][] = [];
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    for (const [text, resolve] of waiters) if (stderr.includes(text)) resolve();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited: new Promise<number | null>((resolve) => child.once("exit", resolve)),
    seen: (text: string) =>
      new Promise<void>((resolve) => {
        if (stderr.includes(text)) resolve();
        else waiters.push([text, resolve]);
      }),
  };
}

describe("SIGTERM while a call is in flight", () => {
  it("lets the stdio call finish and write its answer, then exits 0", async () => {
    const server = spawnFixture([]);
    await server.seen("ready");
    server.child.stdin.write(`${JSON.stringify(SLOW_CALL)}\n`);
    await server.seen("slow_echo started");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const answer = JSON.parse(server.stdout().trim()) as unknown;
    expect(answer).toMatchObject({ id: 42, result: { structuredContent: { text: "finished" } } });
    expect(server.stderr()).toContain('"reason":"SIGTERM"');
  });

  it("lets the HTTP call finish and answer, then exits 0", async () => {
    const server = spawnFixture(["--http", "--port", "0"]);
    await server.seen('"url"');
    const url = /"url":"([^"]+)"/.exec(server.stderr())?.[1] ?? "";
    const response = fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(SLOW_CALL),
    });
    await server.seen("slow_echo started");
    server.child.kill("SIGTERM");
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      id: 42,
      result: { structuredContent: { text: "finished" } },
    });
    expect(await server.exited).toBe(0);
  });
});
