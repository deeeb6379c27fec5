import { markdownTable, num, ratio, spread } from "../lib/format.mjs";
import { LABELS, SHORT } from "../lib/labels.mjs";
import { measureInterleaved } from "../lib/measure.mjs";
import { median, summary } from "../lib/stats.mjs";

const IMPLEMENTATIONS = ["transport", "floor", "keel", "tool-runner", "ai-sdk"];
const ANCHORS = ["tool-runner", "ai-sdk"];

/**
 * Bench 1: loop overhead per round. (a) PERFORMANCE.md's method: the canned session served in-process
 * through each client's `fetch` (no server time at all), R=10 JSON and streaming, R=200 with growth.
 * (b) Issue 6's: the same 10-round session over real HTTP to the @keel/testkit server, which runs in its
 * own process so its CPU per request is measured there and subtracted.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function loopOverheadBench(context) {
  const { smoke } = context;
  const short = { processes: smoke ? 1 : 3, warmup: smoke ? 2 : 20, sessions: smoke ? 2 : 12 };
  const long = smoke
    ? { rounds: 20, processes: 1, warmup: 1, sessions: 2, early: [2, 6], late: [16, 20] }
    : { rounds: 200, processes: 2, warmup: 3, sessions: 5, early: [2, 51], late: [151, 200] };
  const http = { processes: smoke ? 1 : 3, warmup: smoke ? 2 : 10, sessions: smoke ? 2 : 12 };
  const R = 10;

  /** @param {boolean} stream @param {number} rounds @param {{ warmup: number, sessions: number }} size @param {object} [extra] */
  const contenders = (stream, rounds, size, extra = {}) =>
    IMPLEMENTATIONS.map((implementation) => ({
      id: implementation,
      task: {
        bench: "1",
        implementation,
        stream,
        scenario: { kind: "session", rounds },
        warmup: size.warmup,
        sessions: size.sessions,
        ...extra,
      },
    }));
  const progress = (/** @type {string} */ what) => (/** @type {string} */ line) =>
    context.progress(`bench 1 ${what}: ${line}`);

  const json = await measureInterleaved(contenders(false, R, short), {
    processes: short.processes,
    inProcess: smoke,
    progress: progress("in-process JSON"),
  });
  const streamed = await measureInterleaved(contenders(true, R, short), {
    processes: short.processes,
    inProcess: smoke,
    progress: progress("in-process streaming"),
  });
  const rounds = { early: long.early, late: long.late };
  const longRun = await measureInterleaved(contenders(false, long.rounds, long, { rounds }), {
    processes: long.processes,
    inProcess: smoke,
    progress: progress(`in-process R=${long.rounds}`),
  });
  const server = await context.server();
  const overHttp = {};
  for (const stream of [false, true]) {
    overHttp[String(stream)] = await measureInterleaved(
      contenders(stream, R, http, { baseURL: server.url }),
      {
        processes: http.processes,
        inProcess: smoke,
        server,
        progress: progress(`HTTP ${stream ? "streaming" : "JSON"}`),
      },
    );
  }

  // Per round = per model request (R tool rounds + the answer).
  const perRound = (/** @type {number[]} */ values, /** @type {number} */ requests) =>
    summary(values.map((ms) => (ms * 1000) / requests));
  /** @type {Record<string, number>} */
  const numbers = {};
  const inProcess = IMPLEMENTATIONS.map((id) => {
    const samples = {
      json: perRound(json.get(id).wallMs, R + 1),
      jsonCpu: perRound(json.get(id).cpuMs, R + 1),
      stream: perRound(streamed.get(id).wallMs, R + 1),
      long: perRound(longRun.get(id).wallMs, long.rounds + 1),
      growth: summary(longRun.get(id).growth),
    };
    for (const [key, value] of Object.entries(samples)) numbers[`inprocess.${id}.${key}`] = value.median;
    return { id, ...samples };
  });
  const row = (/** @type {string} */ id) =>
    /** @type {(typeof inProcess)[number]} */ (inProcess.find((entry) => entry.id === id));
  const floor = row("floor");
  const keel = row("keel");

  const inProcessTable = markdownTable(
    [
      "loop",
      "µs/round R=10",
      "× floor",
      "R=10 streaming",
      "× stream floor",
      `R=${long.rounds}`,
      "× floor",
      `growth (rounds ${long.late.join("–")} vs ${long.early.join("–")})`,
      "CPU µs/round R=10",
    ],
    inProcess.map((entry) => [
      LABELS[entry.id],
      spread(entry.json, 1),
      ratio(entry.json.median / floor.json.median),
      spread(entry.stream, 1),
      ratio(entry.stream.median / floor.stream.median),
      spread(entry.long, 1),
      ratio(entry.long.median / floor.long.median),
      spread(entry.growth, 2),
      num(entry.jsonCpu.median, 1),
    ]),
  );

  const httpRows = IMPLEMENTATIONS.map((id) => {
    const modes = {};
    for (const stream of [false, true]) {
      const samples = overHttp[String(stream)].get(id);
      const server = median(samples.serverMicrosPerRequest);
      const wall = perRound(samples.wallMs, R + 1);
      const cpu = perRound(samples.cpuMs, R + 1);
      const beyond = summary(samples.wallMs.map((ms) => (ms * 1000) / (R + 1) - server));
      modes[stream ? "stream" : "json"] = { wall, cpu, server, beyond };
      const key = `http.${id}.${stream ? "stream" : "json"}`;
      numbers[`${key}.wall`] = wall.median;
      numbers[`${key}.cpu`] = cpu.median;
      numbers[`${key}.server`] = server;
    }
    return { id, ...modes };
  });
  const httpRow = (/** @type {string} */ id) =>
    /** @type {any} */ (httpRows.find((entry) => entry.id === id));
  const transportHttp = httpRow("transport");
  const httpTable = markdownTable(
    [
      "loop",
      "JSON: wall µs/round",
      "beyond server",
      "client CPU",
      "server CPU/request",
      "streaming: wall µs/round",
      "beyond server",
      "client CPU",
      "server CPU/request",
    ],
    httpRows.map((entry) => [
      LABELS[entry.id],
      spread(entry.json.wall),
      num(entry.json.beyond.median),
      num(entry.json.cpu.median),
      num(entry.json.server),
      spread(entry.stream.wall),
      num(entry.stream.beyond.median),
      num(entry.stream.cpu.median),
      num(entry.stream.server),
    ]),
  );
  const frameworkTable = markdownTable(
    [
      "loop",
      "JSON: wall − transport alone, µs/round",
      "client CPU − transport alone",
      "streaming: wall − transport alone",
      "client CPU − transport alone",
    ],
    httpRows
      .filter((entry) => entry.id !== "transport")
      .map((entry) => [
        LABELS[entry.id],
        num(entry.json.wall.median - transportHttp.json.wall.median),
        num(entry.json.cpu.median - transportHttp.json.cpu.median),
        num(entry.stream.wall.median - transportHttp.stream.wall.median),
        num(entry.stream.cpu.median - transportHttp.stream.cpu.median),
      ]),
  );

  const checks = [
    check(`in-process R=10 JSON: Keel ≤ 1.2× the floor`, keel.json.median / floor.json.median, 1.2),
    check(
      `in-process R=10 streaming: Keel ≤ 1.1× the streaming floor`,
      keel.stream.median / floor.stream.median,
      1.1,
    ),
    check(`in-process R=${long.rounds}: Keel ≤ 1.1× the floor`, keel.long.median / floor.long.median, 1.1),
    check(
      `in-process growth: Keel's no worse than the floor's (+10%)`,
      keel.growth.median / floor.growth.median,
      1.1,
      (value) =>
        `Keel ${num(keel.growth.median, 2)} vs floor ${num(floor.growth.median, 2)} (${ratio(value)})`,
    ),
    speedup(
      "in-process R=10 JSON: Keel ≥ 1.6× faster than the tool runner",
      row("tool-runner").json.median / keel.json.median,
      1.6,
    ),
    speedup(
      "in-process R=10 JSON: Keel ≥ 3× faster than `generateText`",
      row("ai-sdk").json.median / keel.json.median,
      3,
    ),
    speedup(
      "in-process R=10 streaming: Keel ≥ 1.7× faster than the streaming tool runner",
      row("tool-runner").stream.median / keel.stream.median,
      1.7,
    ),
  ];
  for (const mode of ["json", "stream"]) {
    const name = mode === "json" ? "JSON" : "streaming";
    const keelBeyond = httpRow("keel")[mode].beyond.median;
    const fastest = Math.min(...ANCHORS.map((id) => httpRow(id)[mode].beyond.median));
    checks.push({
      target: `HTTP ${name}: Keel's wall time per round beyond the server ≤ the fastest anchor's`,
      measured: `Keel ${num(keelBeyond)} µs vs ${num(fastest)} µs`,
      pass: keelBeyond <= fastest,
    });
    checks.push({
      target: `HTTP ${name}: Keel's time per round beyond the server < 500 µs`,
      measured: `${num(keelBeyond)} µs wall (client CPU ${num(httpRow("keel")[mode].cpu.median)} µs)`,
      pass: keelBeyond < 500,
    });
  }

  const bars = (
    /** @type {(entry: any) => { median: number, min: number, max: number }} */ pick,
    /** @type {any[]} */ rows,
  ) =>
    rows.map((entry) => {
      const stats = pick(entry);
      return {
        label: SHORT[entry.id],
        value: stats.median,
        min: stats.min,
        max: stats.max,
        keel: entry.id === "keel",
      };
    });

  return {
    id: "1",
    title: "1. Loop overhead per round",
    body: [
      `The same session — ${R} rounds of one text block + one \`lookup_order\` call, then an \`end_turn\` answer — run by each loop. ` +
        "A round is one model request (the figures divide by R+1). Tools return at once; every loop gets the same tool result.",
      `**1a. In-process** (PERFORMANCE.md's method): the exact Messages API JSON / SSE bytes served through each client's \`fetch\` option, so no network or server time is counted. ` +
        `Medians (min–max) over ${short.processes * short.sessions} sessions (${short.processes} fresh processes per loop, interleaved, ${short.warmup} warm-up sessions each) for R=10, ` +
        `${long.processes * long.sessions} sessions for R=${long.rounds}. Growth = mean time of the late rounds over the early ones, per session.`,
      inProcessTable,
      `**1b. Over HTTP** to \`@keel/testkit\` (\`startFakeMessagesApi\`, its own process): wall and client CPU (\`process.cpuUsage\` of the loop's process) per round; ` +
        "the server's CPU per request is measured in the server's process around each client process and subtracted from the wall time (\"beyond server\"). " +
        `${http.processes * http.sessions} sessions per loop (${http.processes} processes, ${http.warmup} warm-ups each).`,
      httpTable,
      "What each framework adds to the bare transport over the same HTTP (µs per round; the transport-alone loop is `fetch` + `res.json()` / a small SSE reader):",
      frameworkTable,
    ],
    checks,
    charts: [
      {
        title: "1a. In-process, R=10 JSON — µs per round (median, min–max)",
        unit: "µs",
        bars: bars((entry) => entry.json, inProcess),
      },
      {
        title: "1a. In-process, R=10 streaming — µs per round",
        unit: "µs",
        bars: bars((entry) => entry.stream, inProcess),
      },
      {
        title: "1b. Over HTTP to @keel/testkit, JSON — wall µs per round",
        unit: "µs",
        bars: bars((entry) => entry.json.wall, httpRows),
      },
      {
        title: "1b. Over HTTP to @keel/testkit, streaming — wall µs per round",
        unit: "µs",
        bars: bars((entry) => entry.stream.wall, httpRows),
      },
    ],
    numbers,
  };
}

/**
 * A "≤ limit" check on a ratio.
 * @param {string} target @param {number} value @param {number} limit @param {(value: number) => string} [describe]
 */
function check(target, value, limit, describe) {
  return { target, measured: describe ? describe(value) : ratio(value), pass: value <= limit };
}

/** A "≥ limit" check on a speed-up. @param {string} target @param {number} value @param {number} limit */
function speedup(target, value, limit) {
  return { target, measured: `${ratio(value)} faster`, pass: value >= limit };
}
