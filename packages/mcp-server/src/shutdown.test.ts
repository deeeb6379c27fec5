import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { silentLogger } from "./logger.js";
import { startStdioServer } from "./stdio.js";
import { startTestHttpServer } from "./testing/http-server.test-helpers.js";
import { probeToolset } from "./testing/probe-tools.test-helpers.js";

const TOKEN = "shutdown-test-token-0123456789";
const slowCall = (id: number) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "slow_echo", arguments: { text: "still here" } },
  });

function started(): { readonly promise: Promise<void>; readonly signal: () => void } {
  let signal = (): void => {};
  const promise = new Promise<void>((resolve) => {
    signal = resolve;
  });
  return { promise, signal };
}

describe("a graceful stop", () => {
  it("lets an HTTP call in flight finish, then refuses new connections", async () => {
    const slowStarted = started();
    const server = await startTestHttpServer({
      tools: probeToolset({ slowMs: 300, onSlowStart: slowStarted.signal }),
      agentToken: TOKEN,
    });
    const inFlight = fetch(server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${TOKEN}`,
      },
      body: slowCall(7),
    });
    await slowStarted.promise;
    const closing = server.close(5_000);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: 7,
      result: { structuredContent: { text: "still here" } },
    });
    expect(await closing).toEqual({ drained: true });
    await expect(fetch(server.url.replace(/\/mcp$/, "/healthz"))).rejects.toThrow();
  });

  it("lets a stdio call in flight finish and write its answer before the transport closes", async () => {
    const slowStarted = started();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = "";
    stdout.on("data", (chunk: Buffer) => {
      written += chunk.toString("utf8");
    });
    const server = await startStdioServer({
      tools: probeToolset({ slowMs: 300, onSlowStart: slowStarted.signal }),
      logger: silentLogger,
      stdin,
      stdout,
    });
    stdin.write(`${slowCall(9)}\n`);
    await slowStarted.promise;
    expect(await server.close(5_000)).toEqual({ drained: true });
    const answer = JSON.parse(written.trim()) as { id: number; result: { structuredContent: unknown } };
    expect(answer).toMatchObject({ id: 9, result: { structuredContent: { text: "still here" } } });
  });

  it("reports calls still running when the time limit passes", async () => {
    const slowStarted = started();
    const stdin = new PassThrough();
    const server = await startStdioServer({
      tools: probeToolset({ slowMs: 1_000, onSlowStart: slowStarted.signal }),
      logger: silentLogger,
      stdin,
      stdout: new PassThrough(),
    });
    stdin.write(`${slowCall(3)}\n`);
    await slowStarted.promise;
    expect(await server.close(20)).toEqual({ drained: false });
  });
});
