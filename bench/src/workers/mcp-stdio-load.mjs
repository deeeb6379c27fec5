import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { serveTask } from "../lib/child.mjs";
import { processCpuMicros, withoutTokens } from "../lib/mcp-servers.mjs";
import { throughput } from "../lib/stats.mjs";

/**
 * Bench 5 over stdio: starts the server as this process's child, does the MCP handshake, then makes
 * sequential `tools/call` requests (one in flight) for `durationMs` after `warmupCalls`. The client is
 * raw JSON-RPC lines, so little of the time is the client's.
 *
 * Calls cycle through `argumentsList`, so the server is not asked the same thing every time.
 *
 * @param {{ command: string, args: string[], durationMs: number, warmupCalls: number, tool: string,
 *   argumentsList: Array<Record<string, unknown>>, expect: string }} spec
 */
export async function task(spec) {
  const child = spawn(spec.command, spec.args, { stdio: ["pipe", "pipe", "ignore"], env: withoutTokens() });
  const lines = createInterface({ input: /** @type {import("node:stream").Readable} */ (child.stdout) });
  /** @type {Map<number, (line: string) => void>} */
  const waiting = new Map();
  lines.on("line", (line) => {
    const id = /"id":(\d+)/.exec(line)?.[1];
    if (id === undefined) return;
    waiting.get(Number(id))?.(line);
    waiting.delete(Number(id));
  });
  let nextId = 1;
  /** @param {string} method @param {unknown} params @returns {Promise<string>} */
  const call = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await call("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "keel-bench", version: "0.0.0" },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const toolCalls = spec.argumentsList.map((callArguments) => ({
    name: spec.tool,
    arguments: callArguments,
  }));
  let callIndex = 0;
  const nextCall = () => toolCalls[callIndex++ % toolCalls.length];
  for (let index = 0; index < spec.warmupCalls; index++) await call("tools/call", nextCall());

  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  const cpuBefore = processCpuMicros(/** @type {number} */ (child.pid));
  const started = performance.now();
  const end = started + spec.durationMs;
  for (;;) {
    const sent = performance.now();
    if (sent >= end) break;
    const line = await call("tools/call", nextCall());
    if (line.includes(spec.expect)) latencies.push(performance.now() - sent);
    else errors += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const serverMicros = processCpuMicros(/** @type {number} */ (child.pid)) - cpuBefore;
  child.stdin.end();
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
  return {
    ...throughput(latencies, seconds),
    errors,
    serverMicrosPerCall: serverMicros / Math.max(1, latencies.length + errors),
  };
}

serveTask(import.meta.url, task);
