import http from "node:http";
import { serveTask } from "../lib/child.mjs";
import { throughput } from "../lib/stats.mjs";

/**
 * Bench 5's HTTP load: `clients` concurrent callers, each sending one stateless MCP `tools/call` at a time
 * over a keep-alive connection, for `durationMs` after `warmupMs`. Lightweight on purpose (node:http, a
 * pre-built body), so the server, not the load generator, is measured; it shares the 2 cores all the same.
 *
 * Calls cycle through `argumentsList` (one pre-built body each), so the server is not asked the same thing.
 *
 * @param {{ url: string, clients: number, warmupMs: number, durationMs: number, tool: string,
 *   argumentsList: Array<Record<string, unknown>>, expect: string }} spec
 */
export async function task(spec) {
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.clients });
  const bodies = spec.argumentsList.map((callArguments) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: spec.tool, arguments: callArguments },
    }),
  );
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-06-18",
  };
  let bodiesSent = 0;
  const post = () =>
    new Promise((resolve, reject) => {
      const body = /** @type {string} */ (bodies[bodiesSent++ % bodies.length]);
      const options = {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      };
      const request = http.request(options, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve(response.statusCode === 200 && text.includes(spec.expect)));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(body);
    });

  const started = performance.now();
  const measureFrom = started + spec.warmupMs;
  const end = measureFrom + spec.durationMs;
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let firstError = "";
  let lastDone = measureFrom;
  const client = async () => {
    let measured = 0;
    for (;;) {
      const sent = performance.now();
      // Each caller makes at least one measured call: on a loaded machine a warm-up call can outlast the
      // whole window, which would otherwise leave no call to count.
      if (sent >= end && measured > 0) return;
      let ok = false;
      try {
        ok = /** @type {boolean} */ (await post());
      } catch (error) {
        firstError ||= String(error);
      }
      const done = performance.now();
      // Every call sent inside the window counts, even one that ends after it: on a loaded machine a
      // short window could otherwise hold no completed call at all.
      if (sent >= measureFrom) {
        measured += 1;
        if (ok) latencies.push(done - sent);
        else errors += 1;
        lastDone = Math.max(lastDone, done);
      }
    }
  };
  await Promise.all(Array.from({ length: spec.clients }, client));
  agent.destroy();
  const seconds = Math.max(spec.durationMs, lastDone - measureFrom) / 1000;
  return { ...throughput(latencies, seconds), errors, firstError };
}

serveTask(import.meta.url, task);
