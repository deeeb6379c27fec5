import { fileURLToPath } from "node:url";
import { startNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("./__fixtures__/slow-tool-server.mjs", import.meta.url));
const SLOW_CALL = {
  jsonrpc: "2.0",
  id: 42,
  method: "tools/call",
  params: { name: "slow_echo", arguments: { text: "finished" } },
};
const TOKEN = "sigterm-test-token-0123456789";

const spawnFixture = (args: readonly string[]) =>
  startNodeScript(FIXTURE, ["--memory", ...args], { env: { KEEL_MCP_TOKEN: TOKEN } });

describe("SIGTERM while a call is in flight", () => {
  it("lets the stdio call finish and write its answer, then exits 0", async () => {
    const server = spawnFixture([]);
    await server.waitForStderr("ready");
    server.child.stdin.write(`${JSON.stringify(SLOW_CALL)}\n`);
    await server.waitForStderr("slow_echo started");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const answer = JSON.parse(server.stdout().trim()) as unknown;
    expect(answer).toMatchObject({ id: 42, result: { structuredContent: { text: "finished" } } });
    expect(server.stderr()).toContain('"reason":"SIGTERM"');
  });

  it("lets the HTTP call finish and answer, then exits 0", async () => {
    const server = spawnFixture(["--http", "--port", "0"]);
    const [, url = ""] = await server.waitForStderr(/"url":"([^"]+)"/);
    const response = fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(SLOW_CALL),
    });
    await server.waitForStderr("slow_echo started");
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
