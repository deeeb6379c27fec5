import { summaryBar } from "../lib/chart.mjs";
import { markdownTable, num, ratio, spread } from "../lib/format.mjs";
import { LABELS, SHORT } from "../lib/labels.mjs";
import { measureInterleaved } from "../lib/measure.mjs";
import { orderId } from "../lib/sessions.mjs";
import { median, summary } from "../lib/stats.mjs";

const LOOPS = ["keel", "floor-eager", "tool-runner-eager", "tool-runner", "ai-sdk", "floor"];
const BLOCK_DELAY_MS = 100;
// PERFORMANCE.md: with equal tools every loop lands within 1–3% of the limit (the last tool dominates, so
// this scenario cannot show eager dispatch); with the slow tool first, Keel's target is ≤ 1.01×.
const SCENARIOS = [
  {
    id: "equal",
    title: "three read tools of 150 ms each",
    durations: [150, 150, 150],
    target: 1.03,
    processes: 1,
  },
  {
    id: "first-slow",
    title: "the first tool takes 450 ms (the scenario that matters)",
    durations: [450, 150, 150],
    target: 1.01,
    processes: 2,
  },
];

/**
 * Bench 3: one streamed reply with three read-tool calls whose blocks arrive 100 ms apart (the testkit's
 * `blockDelayMs`), then the answer. Wall time to the final answer against the limit: the reply's stream,
 * each tool started at its own content_block_stop, and the answer request — all three measured by a probe
 * (the transport-alone loop, whose tools take no time) on the same server.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function streamingEagerBench(context) {
  const { smoke } = context;
  const base = smoke ? { warmup: 0, sessions: 1 } : { warmup: 1, sessions: 5 };
  const server = await context.server();
  const scenario = {
    kind: "batch",
    tool: "lookup_order",
    count: 3,
    blockDelayMs: smoke ? 10 : BLOCK_DELAY_MS,
  };
  const scale = smoke ? 0.1 : 1;
  /** @type {Record<string, number>} */
  const numbers = {};
  const body = [];
  const checks = [];
  const charts = [];
  const runs = [];
  for (const setup of SCENARIOS) {
    const size = { ...base, processes: smoke ? 1 : setup.processes };
    runs.push(
      `${size.processes * size.sessions} runs (${size.processes} process${size.processes > 1 ? "es" : ""}) for ${setup.id}`,
    );
    const durations = setup.durations.map((ms) => ms * scale);
    const timing = { durations: Object.fromEntries(durations.map((ms, index) => [orderId(index), ms])) };
    const common = { bench: "3", scenario, stream: true, baseURL: server.url, ...size };
    const contenders = [
      { id: "probe", task: { ...common, implementation: "transport" } },
      ...LOOPS.map((implementation) => ({ id: implementation, task: { ...common, implementation, timing } })),
    ];
    const pooled = await measureInterleaved(contenders, {
      processes: size.processes,
      server,
      inProcess: smoke,
      progress: (line) => context.progress(`bench 3 ${setup.id}: ${line}`),
    });
    const probeSessions = /** @type {any[][]} */ (pooled.get("probe")?.marks ?? []);
    const limits = probeSessions.map((marks) => limitOf(marks, durations));
    const limit = median(limits.map((entry) => entry.eager));
    const blockStops = durations.map((_, index) =>
      median(
        probeSessions.map(
          (marks) => marks.filter((mark) => mark.what === "block_stop")[index]?.at ?? Number.NaN,
        ),
      ),
    );
    const lateLimit = median(limits.map((entry) => entry.atReplyEnd));
    numbers[`${setup.id}.limit`] = limit;
    const rows = LOOPS.map((id) => {
      const samples = /** @type {any} */ (pooled.get(id));
      const wall = summary(samples.wallMs);
      numbers[`${setup.id}.${id}`] = wall.median;
      // The median start of each call over the sessions, in block order.
      const starts = durations.map((_, index) =>
        median(
          samples.calls.flatMap((/** @type {any[]} */ session) =>
            session.filter((call) => call.orderId === orderId(index)).map((call) => call.startedAt),
          ),
        ),
      );
      return { id, wall, starts };
    });
    const keel = /** @type {(typeof rows)[number]} */ (rows.find((row) => row.id === "keel"));
    body.push(
      `**${setup.title}** (${durations.join(" / ")} ms). Limit with each tool started at its own \`content_block_stop\`: **${num(limit, 1)} ms**; ` +
        `starting all tools when the reply ends instead: ${num(lateLimit, 1)} ms.`,
      markdownTable(
        ["loop", "wall ms to the answer", "× limit", "tools started at (ms, median)"],
        [
          ...rows.map((row) => [
            LABELS[row.id],
            spread(row.wall, 1),
            ratio(row.wall.median / limit),
            row.starts.map((at) => num(at)).join(" / "),
          ]),
          [
            "_probe: each tool_use block's `content_block_stop` (median)_",
            "",
            "",
            blockStops.map((at) => num(at)).join(" / "),
          ],
        ],
      ),
    );
    const lateness = Math.max(
      ...keel.starts.map((at, index) => Math.abs(at - (blockStops[index] ?? Number.NaN))),
    );
    if (setup.id === "first-slow") {
      checks.push({
        target:
          "streaming: Keel starts each read tool at its own `content_block_stop` (within 5 ms of the probe's)",
        measured: `each start within ${num(lateness, 1)} ms of its block's stop`,
        pass: lateness <= 5,
      });
    }
    checks.push({
      target: `streaming, ${setup.title}: Keel ≤ ${setup.target}× the limit`,
      measured: `${num(keel.wall.median, 1)} ms = ${ratio(keel.wall.median / limit, 3)} (limit ${num(limit, 1)} ms)`,
      pass: keel.wall.median <= setup.target * limit,
    });
    charts.push({
      title: `3. Streaming, ${setup.durations.join("/")} ms tools — ms to the final answer`,
      unit: "ms",
      reference: { label: "limit", value: limit },
      bars: rows.map((row) => summaryBar(SHORT[row.id], row.wall, row.id === "keel")),
    });
  }
  return {
    id: "3",
    title: "3. Streaming with eager dispatch",
    body: [
      `The testkit streams one reply holding three \`lookup_order\` calls whose blocks start ${smoke ? 10 : BLOCK_DELAY_MS} ms apart (\`blockDelayMs\`), then answers at once. ` +
        `Wall time from the first request to the final answer; medians (min–max) over ${runs.join(" and ")} per loop ` +
        `(fresh processes, interleaved, ${base.warmup} warm-up each). The limit is computed from a probe on the same server ` +
        "(the transport-alone loop): max(reply's end, each block's stop + its tool's time) + the answer request.",
      ...body,
    ],
    checks,
    charts,
    numbers,
  };
}

/**
 * @param {Array<{ what: string, index: number, at: number }>} marks one probe session
 * @param {readonly number[]} durations tool time by block index
 */
function limitOf(marks, durations) {
  const stops = marks.filter((mark) => mark.what === "block_stop").slice(0, durations.length);
  const replyEnd = /** @type {{ at: number }} */ (
    marks.find((mark) => mark.what === "message_stop" && mark.index === 1)
  ).at;
  const answerStart = /** @type {{ at: number }} */ (
    marks.find((mark) => mark.what === "request" && mark.index === 2)
  ).at;
  const end = /** @type {{ at: number }} */ (marks.find((mark) => mark.what === "end")).at;
  const answer = end - answerStart;
  const toolsDone = Math.max(...stops.map((stop) => stop.at + (durations[stop.index] ?? 0)));
  return {
    eager: Math.max(replyEnd, toolsDone) + answer,
    atReplyEnd: replyEnd + Math.max(...durations) + answer,
  };
}
