import { task } from "./workers/session-worker.mjs";

/**
 * Short in-process runs, many of them, in this one process: what bench 1's session worker does for Keel
 * at R=10 (`runAgent` + `AnthropicClient` over the canned in-process fetch), without the child processes,
 * for a CPU profile or a quick A/B of the per-run cost (issue 30). Prints the CPU of the measured runs.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof src/profile-short-runs.mjs            # 4,000 R=10 JSON runs
 *   RUNS=2000 STREAM=1 IMPL=floor node src/profile-short-runs.mjs                   # streaming, the floor
 *
 * RUNS (default 4000), ROUNDS (10), WARMUP (300), STREAM (JSON unless 1), IMPL (keel; any id of loops/index.mjs).
 */
const runs = Number(process.env.RUNS ?? 4000);
const rounds = Number(process.env.ROUNDS ?? 10);
const warmup = Number(process.env.WARMUP ?? 300);
const stream = process.env.STREAM === "1";
const implementation = process.env.IMPL ?? "keel";

const started = process.cpuUsage();
const result = await task({
  implementation,
  scenario: { kind: "session", rounds },
  stream,
  warmup,
  sessions: runs,
});
const total = process.cpuUsage(started);
const cpuMs = result.cpuMs.reduce((sum, ms) => sum + ms, 0);
const sorted = [...result.cpuMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
process.stdout.write(
  `${implementation} R=${rounds} ${stream ? "streaming" : "JSON"}: ${runs} runs, CPU ${cpuMs.toFixed(0)} ms ` +
    `(median ${(median * 1000).toFixed(0)} µs a run, ${((median * 1000) / (rounds + 1)).toFixed(1)} µs a request); ` +
    `process CPU ${((total.user + total.system) / 1000).toFixed(0)} ms\n`,
);
