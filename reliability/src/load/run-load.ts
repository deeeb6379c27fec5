import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { healthStatus } from "../mcp/mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { pickWeighted, seededRandom, seedOf } from "../seeded-random.js";
import { Histogram, type LatencySummary, summarizeLatencies } from "../stats.js";
import { LOAD_MIX } from "./load-mix.js";

export interface LoadOptions {
  readonly clients: number;
  readonly seconds: number;
  readonly seed?: number;
  /** PGlite in a temporary data directory (default), or the server's in-memory store. */
  readonly store?: "pglite" | "memory";
}

export interface LoadReport {
  readonly clients: number;
  readonly seconds: number;
  readonly store: "pglite" | "memory";
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly byKind: Record<string, number>;
  /** Answers that were not the intended one for their kind (5xx, dropped connections, wrong outcomes). */
  readonly unintended: number;
  readonly unintendedSamples: readonly string[];
  readonly latency: LatencySummary;
  /** Server RSS in MiB: before the load, after the first fifth (warm), at the end. */
  readonly serverRssMiB: {
    readonly before: number | undefined;
    readonly warm: number | undefined;
    readonly after: number | undefined;
  };
  /** Server RSS in MiB sampled at equal intervals during the load (six samples). */
  readonly rssSamplesMiB: readonly (number | undefined)[];
  readonly healthyAfter: boolean;
}

/**
 * `clients` concurrent HTTP clients against the built MCP server for `seconds`, each sending the next
 * request as soon as its previous answer arrived, a seeded mix of reads, refunds, redirects and refused
 * requests. Bounded by time: every client stops at the deadline and its last request is awaited.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const store = options.store ?? "pglite";
  const dataDir = store === "pglite" ? await mkdtemp(join(tmpdir(), "keel-load-")) : undefined;
  let server: McpServerProcess | undefined;
  try {
    server = await spawnMcpServer(dataDir ? { dataDir } : {});
    const running = server;
    const before = await running.rssMiB();
    const byKind = new Histogram();
    const latencies: number[] = [];
    const unintendedSamples: string[] = [];
    let unintended = 0;
    let sequence = 0;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    let warm: number | undefined;
    const warmTimer = setTimeout(
      () => void running.rssMiB().then((value) => (warm = value)),
      (options.seconds * 1000) / 5,
    );
    const rssSamplesMiB: (number | undefined)[] = [];
    const sampler = setInterval(
      () => void running.rssMiB().then((value) => rssSamplesMiB.push(value)),
      (options.seconds * 1000) / 6,
    );
    const client = async (index: number) => {
      const random = seededRandom(seedOf(options.seed ?? 7, "load", index));
      while (performance.now() < deadline) {
        const request = pickWeighted(
          LOAD_MIX.map((entry) => [entry, entry.weight] as const),
          random,
        );
        const sent = performance.now();
        const answer = await request.send(running.url, sequence++);
        latencies.push(performance.now() - sent);
        byKind.add(request.name);
        if (!answer.intended) {
          unintended++;
          if (unintendedSamples.length < 10) unintendedSamples.push(`${request.name}: ${answer.detail}`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
    clearTimeout(warmTimer);
    clearInterval(sampler);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const after = await running.rssMiB();
    const healthyAfter = (await healthStatus(running.healthUrl)) === 200;
    return {
      clients: options.clients,
      seconds: options.seconds,
      store,
      requests: latencies.length,
      requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
      byKind: byKind.toJSON(),
      unintended,
      unintendedSamples,
      latency: summarizeLatencies(latencies),
      serverRssMiB: { before, warm, after },
      rssSamplesMiB,
      healthyAfter,
    };
  } finally {
    const stopped = await server?.stop();
    if (stopped && stopped.code !== 0)
      process.stderr.write(`keel-mcp exited ${String(stopped.code ?? stopped.signal)}\n`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
