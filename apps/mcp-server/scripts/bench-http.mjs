#!/usr/bin/env node
// Load check for the built server (not a test: numbers depend on the machine). Spawns
// `keel-mcp --http --port 0` on loopback, then runs CONCURRENCY raw-fetch clients sending tools/call for
// DURATION_MS, and a sequential SDK client over stdio. Usage: node scripts/bench-http.mjs [--store memory|pglite]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const storeArg = process.argv.includes("--store")
  ? process.argv[process.argv.indexOf("--store") + 1]
  : "memory";
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.DURATION_MS ?? 5000);
const token = "bench-token-0123456789abcdef";
const dataDir = storeArg === "pglite" ? mkdtempSync(join(tmpdir(), "keel-bench-")) : undefined;
const storeFlags = dataDir ? ["--data-dir", join(dataDir, "data")] : ["--memory"];

const CALLS = [
  { name: "lookup_order", arguments: { order_id: "ORD-1001" } },
  { name: "get_customer_by_email", arguments: { email: "alice@example.com" } },
  { name: "lookup_order", arguments: { order_id: "ORD-9999" } },
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function report(label, latencies, elapsedMs, failures) {
  latencies.sort((a, b) => a - b);
  const rate = Math.round((latencies.length / elapsedMs) * 1000);
  console.log(
    `${label}: ${rate} req/s over ${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(2)} ms, failures ${failures}`,
  );
}

async function benchHttp() {
  const child = spawn(process.execPath, [entry, "--http", "--port", "0", ...storeFlags], {
    env: { ...process.env, DATABASE_URL: "", KEEL_MCP_TOKEN: token },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let buffered = "";
    child.stderr.on("data", (chunk) => {
      buffered += chunk;
      const match = /"url":"([^"]+)"/.exec(buffered);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${buffered}`)));
  });
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${token}`,
    "mcp-protocol-version": "2025-06-18",
  };
  const call = async (index) => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: index,
      method: "tools/call",
      params: CALLS[index % CALLS.length],
    });
    const response = await fetch(url, { method: "POST", headers, body });
    const json = await response.json();
    return response.status === 200 && json.result !== undefined;
  };
  for (let index = 0; index < 500; index += 1) await call(index); // warm-up
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  let counter = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const ok = await call(counter++).catch(() => false);
        latencies.push(performance.now() - begin);
        if (!ok) failures += 1;
      }
    }),
  );
  report(`http (${storeArg}, ${CONCURRENCY} concurrent)`, latencies, performance.now() - started, failures);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function benchStdio() {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [entry, ...storeFlags],
      stderr: "ignore",
      env: { PATH: process.env.PATH ?? "" },
    }),
  );
  await client.listTools();
  for (let index = 0; index < 500; index += 1) await client.callTool(CALLS[index % CALLS.length]);
  const latencies = [];
  const started = performance.now();
  const deadline = started + DURATION_MS;
  for (let index = 0; performance.now() < deadline; index += 1) {
    const begin = performance.now();
    await client.callTool(CALLS[index % CALLS.length]);
    latencies.push(performance.now() - begin);
  }
  report(`stdio (${storeArg}, one sequential client)`, latencies, performance.now() - started, 0);
  await client.close();
}

try {
  await benchHttp();
  await benchStdio();
} finally {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
