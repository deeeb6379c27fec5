#!/usr/bin/env node
// Load check for the built server, not a test: the numbers depend on the machine and on whatever else it
// runs. Spawns `keel-mcp --http --port 0` on loopback and drives it with CONCURRENCY keep-alive node:http
// clients sending tools/call for DURATION_MS, then drives `keel-mcp` over stdio with one sequential SDK
// client. Usage: node scripts/bench.mjs [--store memory|pglite]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const store = process.argv.includes("--store") ? process.argv[process.argv.indexOf("--store") + 1] : "memory";
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.DURATION_MS ?? 5000);
const TOKEN = "bench-token-0123456789abcdef";
const scratch = store === "pglite" ? mkdtempSync(join(tmpdir(), "keel-mcp-bench-")) : undefined;
const storeFlags = scratch ? ["--data-dir", join(scratch, "data")] : ["--memory"];

/** Reads only: a load test must not pile up refunds. */
const CALLS = [
  { name: "lookup_order", arguments: { order_id: "ORD-1001" } },
  { name: "get_customer_by_email", arguments: { email: "alice@example.com" } },
  { name: "lookup_order", arguments: { order_id: "ORD-9999" } },
];

/** CPU milliseconds a process has used (Linux /proc), or undefined elsewhere: a busy machine skews req/s, not this. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function cpuNote(before, after, calls) {
  if (before === undefined || after === undefined || calls === 0) return "";
  const perCall = ((after - before) * 1000) / calls;
  return `; server CPU ${perCall.toFixed(0)} µs/call (≈ ${Math.round(1e6 / perCall)} calls/s on one free core)`;
}

function summary(label, latencies, elapsedMs, failures, note = "") {
  latencies.sort((left, right) => left - right);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  const rate = Math.round((latencies.length / elapsedMs) * 1000);
  console.log(
    `${label}: ${rate} calls/s (${latencies.length} calls), p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, failures ${failures}${note}`,
  );
}

async function benchHttp() {
  const child = spawn(process.execPath, [entry, "--http", "--port", "0", ...storeFlags], {
    env: { PATH: process.env.PATH ?? "", KEEL_MCP_TOKEN: TOKEN },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let logged = "";
    child.stderr.on("data", (chunk) => {
      logged += chunk;
      const match = /"url":"([^"]+)"/.exec(logged);
      if (match) resolve(new URL(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`keel-mcp exited with ${code}:\n${logged}`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bodies = CALLS.map((params, id) =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }),
  );
  const call = (body) =>
    new Promise((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${TOKEN}`,
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () =>
            resolve(response.statusCode === 200 && Buffer.concat(chunks).includes('"result"')),
          );
        },
      );
      request.on("error", () => resolve(false));
      request.end(body);
    });
  for (let index = 0; index < 500; index += 1) await call(bodies[index % bodies.length]); // warm-up
  const latencies = [];
  let failures = 0;
  let next = 0;
  const cpuBefore = cpuMsOf(child.pid);
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const ok = await call(bodies[next++ % bodies.length]);
        latencies.push(performance.now() - begin);
        if (!ok) failures += 1;
      }
    }),
  );
  const elapsed = performance.now() - started;
  const note = cpuNote(cpuBefore, cpuMsOf(child.pid), latencies.length);
  summary(`http  ${store}, ${CONCURRENCY} concurrent clients`, latencies, elapsed, failures, note);
  agent.destroy();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function benchStdio() {
  const client = new Client({ name: "keel-mcp-bench", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...storeFlags],
    env: { PATH: process.env.PATH ?? "" },
    stderr: "ignore",
  });
  await client.connect(transport);
  await client.listTools();
  for (let index = 0; index < 500; index += 1) await client.callTool(CALLS[index % CALLS.length]);
  const latencies = [];
  const cpuBefore = cpuMsOf(transport.pid);
  const started = performance.now();
  const deadline = started + DURATION_MS;
  for (let index = 0; performance.now() < deadline; index += 1) {
    const begin = performance.now();
    await client.callTool(CALLS[index % CALLS.length]);
    latencies.push(performance.now() - begin);
  }
  const elapsed = performance.now() - started;
  const note = cpuNote(cpuBefore, cpuMsOf(transport.pid), latencies.length);
  summary(`stdio ${store}, one sequential client`, latencies, elapsed, 0, note);
  await client.close();
}

try {
  await benchHttp();
  await benchStdio();
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
