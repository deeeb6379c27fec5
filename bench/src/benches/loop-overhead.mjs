import { summaryBar } from "../lib/chart.mjs";
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
  // More processes with fewer sessions each: on a shared machine, load comes in bursts longer than a process.
  const short = { processes: smoke ? 1 : 6, warmup: smoke ? 2 : 300, sessions: smoke ? 2 : 60 };
  const long = smoke
    ? { rounds: 20, processes: 1, warmup: 1, sessions: 2, early: [2, 6], late: [16, 20] }
    : { rounds: 200, processes: 2, warmup: 15, sessions: 6, early: [2, 51], late: [151, 200] };
  const http = { processes: smoke ? 1 : 3, warmup: smoke ? 2 : 8, sessions: smoke ? 2 : 10 };
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
  /**
   * The median session of the loop's fastest process, per round. On this shared 2-core VM a whole process at
   * times runs up to 2x slower (R=10 JSON, the same floor: medians of 87 and 155 µs of CPU per round in two
   * processes a few seconds apart); that noise only ever adds time, so each loop's best process is its cost.
   * @param {number[]} values pooled sessions, `perProcess` per process, in process order
   * @param {number} perProcess @param {number} requests
   */
  const bestProcess = (values, perProcess, requests) => {
    const medians = [];
    for (let start = 0; start < values.length; start += perProcess) {
      medians.push(median(values.slice(start, start + perProcess)));
    }
    return (Math.min(...medians) * 1000) / requests;
  };
  /** @type {Record<string, number>} */
  const numbers = {};
  const inProcess = IMPLEMENTATIONS.map((id) => {
    const samples = {
      json: perRound(json.get(id).wallMs, R + 1),
      jsonCpu: perRound(json.get(id).cpuMs, R + 1),
      stream: perRound(streamed.get(id).wallMs, R + 1),
      streamCpu: perRound(streamed.get(id).cpuMs, R + 1),
      long: perRound(longRun.get(id).wallMs, long.rounds + 1),
      longCpu: perRound(longRun.get(id).cpuMs, long.rounds + 1),
      growth: summary(longRun.get(id).growth),
    };
    for (const [key, value] of Object.entries(samples)) numbers[`inprocess.${id}.${key}`] = value.median;
    const best = {
      jsonCpu: bestProcess(json.get(id).cpuMs, short.sessions, R + 1),
      streamCpu: bestProcess(streamed.get(id).cpuMs, short.sessions, R + 1),
      longCpu: bestProcess(longRun.get(id).cpuMs, long.sessions, long.rounds + 1),
    };
    for (const [key, value] of Object.entries(best)) numbers[`inprocess.${id}.${key}.best`] = value;
    return { id, ...samples, best };
  });
  const row = (/** @type {string} */ id) =>
    /** @type {(typeof inProcess)[number]} */ (inProcess.find((entry) => entry.id === id));
  const floor = row("floor");
  const keel = row("keel");

  const inProcessTable = markdownTable(
    [
      "loop",
      "R=10 wall µs/round",
      "CPU: median / best process",
      "× floor (best process CPU)",
      "R=10 streaming wall",
      "CPU: median / best process",
      "× stream floor (best process CPU)",
      `R=${long.rounds} wall`,
      "CPU: median / best process",
      "× floor (best process CPU)",
      `growth: rounds ${long.late.join("–")} / ${long.early.join("–")}`,
    ],
    inProcess.map((entry) => [
      LABELS[entry.id],
      spread(entry.json, 1),
      `${num(entry.jsonCpu.median, 1)} / ${num(entry.best.jsonCpu, 1)}`,
      ratio(entry.best.jsonCpu / floor.best.jsonCpu),
      spread(entry.stream, 1),
      `${num(entry.streamCpu.median, 1)} / ${num(entry.best.streamCpu, 1)}`,
      ratio(entry.best.streamCpu / floor.best.streamCpu),
      spread(entry.long, 1),
      `${num(entry.longCpu.median, 1)} / ${num(entry.best.longCpu, 1)}`,
      ratio(entry.best.longCpu / floor.best.longCpu),
      spread(entry.growth, 2),
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
      modes[stream ? "stream" : "json"] = { wall, cpu, cpuSpread: cpu, server, beyond };
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

  // Checks use CPU time (process.cpuUsage of the loop's own process): on a shared machine wall time also
  // counts the time a process waited for a core. The wall-time ratio is shown beside it.
  /** @param {string} mode @param {string} cpuKey @param {string} wallKey */
  const versus = (mode, cpuKey, wallKey) => {
    const cpu = row(mode).best[cpuKey] / floor.best[cpuKey];
    const pooled = row(mode)[cpuKey].median / floor[cpuKey].median;
    return {
      cpu,
      text: `best-process CPU ${ratio(cpu, 3)} (pooled median CPU ${ratio(pooled, 3)}, wall ${ratio(row(mode)[wallKey].median / floor[wallKey].median, 3)})`,
    };
  };
  const keelJson = versus("keel", "jsonCpu", "json");
  const keelStream = versus("keel", "streamCpu", "stream");
  const keelLong = versus("keel", "longCpu", "long");
  /** @param {string} anchor @param {string} cpuKey @param {string} wallKey */
  const faster = (anchor, cpuKey, wallKey) => {
    const cpu = row(anchor).best[cpuKey] / keel.best[cpuKey];
    const pooled = row(anchor)[cpuKey].median / keel[cpuKey].median;
    return {
      cpu,
      text: `best-process CPU ${ratio(cpu)} faster (pooled median CPU ${ratio(pooled)}, wall ${ratio(row(anchor)[wallKey].median / keel[wallKey].median)})`,
    };
  };
  const runnerJson = faster("tool-runner", "jsonCpu", "json");
  const aiJson = faster("ai-sdk", "jsonCpu", "json");
  const runnerStream = faster("tool-runner", "streamCpu", "stream");
  const checks = [
    {
      target: "in-process R=10 JSON: Keel ≤ 1.3× the floor",
      measured: keelJson.text,
      pass: keelJson.cpu <= 1.3,
    },
    {
      target: "in-process R=10 streaming: Keel ≤ 1.0× the streaming floor",
      measured: keelStream.text,
      pass: keelStream.cpu <= 1.0,
    },
    {
      target: `in-process R=${long.rounds}: Keel ≤ 1.0× the floor`,
      measured: keelLong.text,
      pass: keelLong.cpu <= 1.0,
    },
    {
      target: "in-process growth (history length): Keel's no worse than the floor's (+10%)",
      measured: `Keel ${num(keel.growth.median, 2)} vs floor ${num(floor.growth.median, 2)}`,
      pass: keel.growth.median <= 1.1 * floor.growth.median,
    },
    {
      target: "in-process R=10 JSON: Keel ≥ 1.6× faster than the tool runner",
      measured: runnerJson.text,
      pass: runnerJson.cpu >= 1.6,
    },
    {
      target: "in-process R=10 JSON: Keel ≥ 3× faster than `generateText`",
      measured: aiJson.text,
      pass: aiJson.cpu >= 3,
    },
    {
      target: "in-process R=10 streaming: Keel ≥ 1.7× faster than the streaming tool runner",
      measured: runnerStream.text,
      pass: runnerStream.cpu >= 1.7,
    },
  ];
  for (const mode of ["json", "stream"]) {
    const name = mode === "json" ? "JSON" : "streaming";
    const keelHttp = httpRow("keel")[mode];
    const fastest = Math.min(...ANCHORS.map((id) => httpRow(id)[mode].cpu.median));
    const fastestWall = Math.min(...ANCHORS.map((id) => httpRow(id)[mode].beyond.median));
    checks.push({
      target: `HTTP ${name}: Keel's time per round ≤ the fastest anchor's`,
      measured:
        `client CPU ${num(keelHttp.cpu.median)} vs ${num(fastest)} µs; ` +
        `wall beyond the server ${num(keelHttp.beyond.median)} vs ${num(fastestWall)} µs`,
      pass: keelHttp.cpu.median <= fastest,
    });
    const added = keelHttp.cpu.median - transportHttp[mode].cpu.median;
    checks.push({
      target: `HTTP ${name}: Keel's overhead per round < 500 µs (client CPU beyond the transport alone)`,
      measured:
        `${num(added)} µs (client CPU ${num(keelHttp.cpu.median)} µs, transport alone ${num(transportHttp[mode].cpu.median)} µs; ` +
        `wall beyond the server ${num(keelHttp.beyond.median)} µs)`,
      pass: added < 500,
    });
  }

  const bars = (
    /** @type {(entry: any) => { median: number, min: number, max: number }} */ pick,
    /** @type {any[]} */ rows,
  ) => rows.map((entry) => summaryBar(SHORT[entry.id], pick(entry), entry.id === "keel"));

  return {
    id: "1",
    title: "1. Loop overhead per round",
    body: [
      `The same session — ${R} rounds of one text block + one \`lookup_order\` call, then an \`end_turn\` answer — run by each loop. ` +
        "A round is one model request (the figures divide by R+1). Tools return at once; every loop gets the same tool result.",
      `**1a. In-process** (PERFORMANCE.md's method): the exact Messages API JSON / SSE bytes served through each client's \`fetch\` option, so no network or server time is counted. ` +
        `Medians (min–max) over ${short.processes * short.sessions} sessions (${short.processes} fresh processes per loop, interleaved, ${short.warmup} warm-up sessions each) for R=10, ` +
        `${long.processes * long.sessions} sessions for R=${long.rounds}. Growth = the median time of the late rounds over that of the early ones, per session (a round runs from one request to the next). ` +
        "The × columns and the checks compare CPU time (`process.cpuUsage`, the loop's own process: GC threads included), which waiting for a core does not inflate, " +
        "of each loop's best process: the median session of its fastest process. On this shared 2-core VM a whole process at times runs up to 2× slower " +
        "(the same floor: 87 and 155 µs of CPU per round, in two processes seconds apart); that only ever adds time, so the best process is each loop's cost, " +
        "and the pooled median is shown beside it. No forced GC between warm-up and measurement (after one, V8 runs far from its steady state for a long while).",
      inProcessTable,
      `**1b. Over HTTP** to \`@keel/testkit\` (\`startFakeMessagesApi\`, its own process): wall and client CPU (\`process.cpuUsage\` of the loop's process) per round; ` +
        "the server's CPU per request is measured in the server's process around each client process and subtracted from the wall time (\"beyond server\"). " +
        `${http.processes * http.sessions} sessions per loop (${http.processes} processes, ${http.warmup} warm-ups each). ` +
        "The checks compare client CPU, which neither the server nor waiting for a core inflates.",
      httpTable,
      "What each framework adds to the bare transport over the same HTTP (µs per round; the transport-alone loop is `fetch` + `res.json()` / a small SSE reader):",
      frameworkTable,
    ],
    checks,
    charts: [
      {
        title: "1a. In-process, R=10 JSON — CPU µs per round (median, min–max)",
        unit: "µs",
        bars: bars((entry) => entry.jsonCpu, inProcess),
      },
      {
        title: "1a. In-process, R=10 streaming — CPU µs per round",
        unit: "µs",
        bars: bars((entry) => entry.streamCpu, inProcess),
      },
      {
        title: "1b. Over HTTP to @keel/testkit, JSON — client CPU µs per round",
        unit: "µs",
        bars: bars((entry) => entry.json.cpuSpread, httpRows),
      },
      {
        title: "1b. Over HTTP to @keel/testkit, streaming — client CPU µs per round",
        unit: "µs",
        bars: bars((entry) => entry.stream.cpuSpread, httpRows),
      },
    ],
    numbers,
  };
}
