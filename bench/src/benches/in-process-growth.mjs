import { summaryBar } from "../lib/chart.mjs";
import { markdownTable, num, ratio, spread } from "../lib/format.mjs";
import { measureInterleaved } from "../lib/measure.mjs";
import { median, summary } from "../lib/stats.mjs";

const WORKER = new URL("../workers/scripted-worker.mjs", import.meta.url);
const LABELS = {
  bare: "bare loop over the same `ScriptedClient` (call, append, run, repeat)",
  keel: "**Keel** `runAgent` + `ScriptedClient`",
  "keel-otel":
    "**Keel** `runAgent` + `ScriptedClient`, `telemetry` on (OpenTelemetry SDK spans, not exported)",
};
/** @type {Record<string, string>} */
const BAR_LABELS = { bare: "bare loop", keel: "Keel runAgent", "keel-otel": "Keel, telemetry on" };
const IDS = ["bare", "keel", "keel-otel"];

/**
 * Bench 2: in-process overhead and growth over a long session with the ScriptedClient (no HTTP, no SDK):
 * µs per round, the late rounds against the early ones, and the heap one run retains.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function inProcessGrowthBench(context) {
  const { smoke } = context;
  const size = smoke
    ? { rounds: 60, processes: 1, warmup: 1, sessions: 2, early: [1, 10], late: [51, 60] }
    : { rounds: 1000, processes: 3, warmup: 2, sessions: 4, early: [1, 100], late: [900, 1000] };
  const contenders = IDS.map((implementation) => ({
    id: implementation,
    task: { bench: "2", implementation, ...size },
  }));
  const pooled = await measureInterleaved(contenders, {
    processes: size.processes,
    worker: WORKER,
    inProcess: smoke,
    progress: (line) => context.progress(`bench 2: ${line}`),
  });
  const requests = size.rounds + 1;
  /** @type {Record<string, number>} */
  const numbers = {};
  const rows = IDS.map((id) => {
    const samples = /** @type {any} */ (pooled.get(id));
    const entry = {
      id,
      perRound: summary(samples.wallMs.map((/** @type {number} */ ms) => (ms * 1000) / requests)),
      cpu: summary(samples.cpuMs.map((/** @type {number} */ ms) => (ms * 1000) / requests)),
      early: summary(samples.early),
      late: summary(samples.late),
      growth: summary(samples.growth),
      resultBytes: median(samples.memory.map((/** @type {any} */ memory) => memory.resultBytes)),
      withClientBytes: median(samples.memory.map((/** @type {any} */ memory) => memory.withClientBytes)),
    };
    for (const key of ["perRound", "cpu", "early", "late", "growth"])
      numbers[`${id}.${key}`] = entry[key].median;
    numbers[`${id}.resultBytes`] = entry.resultBytes;
    numbers[`${id}.withClientBytes`] = entry.withClientBytes;
    return entry;
  });
  const [bare, keel, traced] = rows;
  const mib = (/** @type {number} */ bytes) => `${num(bytes / 2 ** 20, 2)} MiB`;
  const table = markdownTable(
    [
      "loop",
      "µs/round",
      "× bare",
      "CPU µs/round",
      `rounds ${size.early.join("–")}: µs/round`,
      `rounds ${size.late.join("–")}: µs/round`,
      "late / early",
      "heap kept by the result",
      "+ the client's request log",
    ],
    rows.map((entry) => [
      LABELS[entry.id],
      spread(entry.perRound, 1),
      ratio(entry.perRound.median / bare.perRound.median),
      num(entry.cpu.median, 1),
      spread(entry.early, 1),
      spread(entry.late, 1),
      spread(entry.growth, 2),
      mib(entry.resultBytes),
      mib(entry.withClientBytes),
    ]),
  );
  const keelAdded = keel.late.median - keel.early.median;
  const bareAdded = bare.late.median - bare.early.median;
  const allowed = Math.max(1.25 * bareAdded, bareAdded + 10);
  return {
    id: "2",
    title: "2. In-process overhead and growth",
    body: [
      `A ${size.rounds}-round session (one text block + one \`lookup_order\` per round, then the answer) over Keel's \`ScriptedClient\`: no HTTP, no SDK, ` +
        "so the figures are the loop's own cost. The bare loop calls the same client, so the client's cost (it snapshots every request) is in both. " +
        `Medians (min–max) over ${size.processes * size.sessions} runs (${size.processes} fresh processes per loop, interleaved, ${size.warmup} warm-up runs each, GC before each run). ` +
        "A round's time runs from one request to the next (reply, tool call, the next request); a window's figure is the median of its rounds, so a GC pause does not decide it.",
      table,
      "Heap kept by one finished run, measured with `--expose-gc` (gc before and after): by its `RunResult` (history, trace, tool records), and by the result plus the " +
        "`ScriptedClient`, whose request log keeps one snapshot per request (a new `messages` array each time, so it grows with the square of the rounds).",
    ],
    checks: [
      {
        target: `history growth: Keel's rounds ${size.late.join("–")} cost no more extra (vs ${size.early.join("–")}) than the bare loop's (±25% or 10 µs)`,
        measured: `Keel +${num(keelAdded, 1)} µs/round (${ratio(keel.growth.median)}), bare +${num(bareAdded, 1)} µs/round (${ratio(bare.growth.median)})`,
        pass: keelAdded <= allowed,
      },
      {
        target:
          "telemetry on (SDK spans: invoke_agent, a chat and an execute_tool per round) adds ≤ 25% CPU per round",
        measured: `CPU ${num(traced.cpu.median, 1)} vs ${num(keel.cpu.median, 1)} µs/round (${ratio(traced.cpu.median / keel.cpu.median)}); off, no OpenTelemetry code is loaded or run`,
        pass: traced.cpu.median <= 1.25 * keel.cpu.median,
      },
    ],
    charts: [
      {
        title: `2. ScriptedClient, ${size.rounds} rounds — CPU µs per round (median, min–max)`,
        unit: "µs",
        bars: rows.map((entry) => summaryBar(BAR_LABELS[entry.id], entry.cpu, entry.id !== "bare")),
      },
    ],
    numbers,
  };
}
