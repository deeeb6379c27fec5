import { summaryBar } from "../lib/chart.mjs";
import { markdownTable, num, ratio, spread } from "../lib/format.mjs";
import { LABELS, SHORT } from "../lib/labels.mjs";
import { measureInterleaved } from "../lib/measure.mjs";
import { median, summary } from "../lib/stats.mjs";

const LOOPS = ["keel", "floor", "tool-runner", "ai-sdk"];
const FLOOR_LABEL = "hand-written `Promise.all` loop over `messages.create` (the floor)";

/**
 * Bench 4: one (non-streaming) reply with five independent 100 ms calls, then the answer, over HTTP to
 * the testkit. Reads should take about one tool's time; Keel runs write tools one at a time, in order.
 * The limit is a probe's two requests (transport alone, tools taking no time) + one tool's time.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function parallelToolsBench(context) {
  const { smoke } = context;
  const toolMs = smoke ? 10 : 100;
  const reads = smoke ? { processes: 1, warmup: 0, sessions: 1 } : { processes: 4, warmup: 2, sessions: 4 };
  const writes = smoke ? { processes: 1, warmup: 0, sessions: 1 } : { processes: 1, warmup: 1, sessions: 4 };
  const server = await context.server();
  /** @type {Record<string, number>} */
  const numbers = {};
  const run = async (
    /** @type {string} */ tool,
    /** @type {typeof reads} */ size,
    /** @type {string} */ what,
  ) => {
    const scenario = { kind: "batch", tool, count: 5, blockDelayMs: 0 };
    const base = { bench: "4", scenario, stream: false, baseURL: server.url, ...size };
    const contenders = [
      { id: "probe", task: { ...base, implementation: "transport" } },
      ...LOOPS.map((implementation) => ({
        id: implementation,
        task: { ...base, implementation, timing: { defaultMs: toolMs } },
      })),
    ];
    const pooled = await measureInterleaved(contenders, {
      processes: size.processes,
      server,
      inProcess: smoke,
      progress: (line) => context.progress(`bench 4 ${what}: ${line}`),
    });
    const probe = median(/** @type {number[]} */ (pooled.get("probe")?.wallMs));
    const rows = LOOPS.map((id) => {
      const samples = /** @type {any} */ (pooled.get(id));
      const spreads = samples.calls.map((/** @type {any[]} */ session) => {
        const starts = session.map((call) => call.startedAt);
        return Math.max(...starts) - Math.min(...starts);
      });
      // The tools' own time as it really ran (a 100 ms timer fires late on a busy machine): the slowest
      // call for reads that should overlap, the sum of the calls for writes that must not.
      const toolTime = median(tool === "update_order" ? samples.totalCallMs : samples.longestCallMs);
      return {
        id,
        wall: summary(samples.wallMs),
        toolTime,
        limit: probe + toolTime,
        concurrency: Math.max(...samples.concurrency),
        startSpread: median(spreads),
      };
    });
    for (const row of rows) numbers[`${what}.${row.id}`] = row.wall.median;
    numbers[`${what}.probe`] = probe;
    return { probe, rows };
  };

  const parallel = await run("lookup_order", reads, "reads");
  const serial = await run("update_order", writes, "writes");
  const readLimit = parallel.probe + toolMs;
  const writeLimit = serial.probe + 5 * toolMs;
  const label = (/** @type {string} */ id) => (id === "floor" ? FLOOR_LABEL : LABELS[id]);
  /** The cells both tables share: the loop, its wall time against the nominal limit and its own, calls at once. */
  const sharedCells = (/** @type {any} */ row, /** @type {number} */ nominalLimit) => [
    label(row.id),
    spread(row.wall, 1),
    ratio(row.wall.median / nominalLimit),
    num(row.toolTime, 1),
    ratio(row.wall.median / row.limit),
    String(row.concurrency),
  ];
  const keelReads = /** @type {any} */ (parallel.rows.find((row) => row.id === "keel"));
  const keelWrites = /** @type {any} */ (serial.rows.find((row) => row.id === "keel"));
  return {
    id: "4",
    title: "4. Parallel tools",
    body: [
      `One JSON reply with five independent \`lookup_order\` calls (read, ${toolMs} ms each), then the answer, over HTTP to the testkit. ` +
        `Medians (min–max) over ${reads.processes * reads.sessions} runs per loop (${reads.processes} fresh processes, interleaved, ${reads.warmup} warm-ups). ` +
        `Nominal limit = the two requests of a probe (transport alone, tools taking no time: ${num(parallel.probe, 1)} ms) + one tool's time = **${num(readLimit, 1)} ms**. ` +
        "A timer fires late on a busy machine, so each loop is also held against its own limit: the probe + the slowest call as it really ran in that loop's sessions.",
      markdownTable(
        [
          "loop",
          "wall ms",
          "× nominal limit",
          "slowest call took (ms)",
          "× own limit",
          "calls running at once",
          "spread of the five start times (ms, median)",
        ],
        parallel.rows.map((row) => [...sharedCells(row, readLimit), num(row.startSpread, 2)]),
      ),
      `The same reply with five \`update_order\` calls (write, ${toolMs} ms each): Keel runs writes one at a time in the model's order, so the ` +
        `expected time is the probe's ${num(serial.probe, 1)} ms + 5 × ${toolMs} ms = **${num(writeLimit, 1)} ms**. The other loops do not know which tools write; ` +
        `they run the five at once. ${writes.processes * writes.sessions} runs per loop.`,
      markdownTable(
        [
          "loop",
          "wall ms",
          "× nominal serial time",
          "the five calls took, summed (ms)",
          "× own serial time",
          "calls running at once",
        ],
        serial.rows.map((row) => sharedCells(row, writeLimit)),
      ),
    ],
    checks: [
      {
        target: "five parallel reads: Keel ≤ 1.02× the limit (the probe + its slowest call as it ran)",
        measured:
          `${num(keelReads.wall.median, 1)} ms = ${ratio(keelReads.wall.median / keelReads.limit, 3)} (limit ${num(keelReads.limit, 1)} ms; ` +
          `${ratio(keelReads.wall.median / readLimit)} the nominal ${num(readLimit, 1)} ms)`,
        pass: keelReads.wall.median <= 1.02 * keelReads.limit,
      },
      {
        target: "five reads all running at once (Keel)",
        measured: `${keelReads.concurrency} at once, starts within ${num(keelReads.startSpread, 2)} ms`,
        pass: keelReads.concurrency === 5,
      },
      {
        target: "write tools serialised (Keel): one at a time, ≈ 5 × the tool's time",
        measured: `${keelWrites.concurrency} at once; ${num(keelWrites.wall.median, 1)} ms = ${ratio(keelWrites.wall.median / keelWrites.limit, 3)} of the serial time as run`,
        pass: keelWrites.concurrency === 1 && keelWrites.wall.median <= 1.02 * keelWrites.limit,
      },
    ],
    charts: [
      {
        title: `4. Five parallel ${toolMs} ms reads — ms to the final answer`,
        unit: "ms",
        reference: { label: "limit", value: readLimit },
        bars: parallel.rows.map((row) =>
          summaryBar(
            row.id === "floor" ? "hand-written Promise.all" : SHORT[row.id],
            row.wall,
            row.id === "keel",
          ),
        ),
      },
    ],
    numbers,
  };
}
