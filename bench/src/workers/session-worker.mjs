import { serveTask } from "../lib/child.mjs";
import { requestsOf, scenarioModel, scenarioResponses } from "../lib/scenarios.mjs";
import { cannedFetch } from "../lib/sessions.mjs";
import { median } from "../lib/stats.mjs";
import { maxConcurrency, toolBehavior, toolShape } from "../lib/tool-behavior.mjs";
import { LOOPS } from "../loops/index.mjs";

/**
 * One implementation, one scenario, in this fresh process: warm-up sessions, then measured ones.
 * Per session: wall ms, CPU ms (process.cpuUsage: this process only — the server runs elsewhere or not
 * at all), and for in-process sessions the time of each round (between consecutive requests).
 *
 * @typedef {{
 *   implementation: string,
 *   scenario: import("../lib/scenarios.mjs").Scenario,
 *   stream: boolean,
 *   baseURL?: string,
 *   warmup: number,
 *   sessions: number,
 *   timing?: import("../lib/tool-behavior.mjs").Timing,
 *   rounds?: { early: [number, number], late: [number, number] },
 * }} SessionTask
 */
/** @param {SessionTask} spec */
export async function task(spec) {
  const { scenario, stream } = spec;
  const canned = spec.baseURL === undefined ? cannedFetch(scenarioResponses(scenario), stream) : undefined;
  const behaviour = toolBehavior(spec.timing);
  const toolName = scenario.kind === "session" ? "lookup_order" : scenario.tool;
  const load = LOOPS[spec.implementation];
  if (!load) throw new Error(`unknown implementation ${spec.implementation}`);
  const loop = (await load())({
    transport: canned ? { fetch: canned.fetch } : { baseURL: /** @type {string} */ (spec.baseURL) },
    stream,
    model: scenarioModel(scenario),
    toolNames: [toolShape(toolName)],
    behaviour,
    maxRequests: requestsOf(scenario),
  });
  const expected = requestsOf(scenario);
  const once = async () => {
    canned?.reset();
    behaviour.log.length = 0;
    behaviour.marks.length = 0;
    behaviour.origin.at = performance.now();
    const result = await loop.run();
    if (result.requests !== expected) {
      throw new Error(`${spec.implementation} made ${result.requests} requests, expected ${expected}`);
    }
    if (canned && canned.served !== expected) throw new Error(`canned fetch served ${canned.served}`);
  };
  // No forced collection between warm-up and measurement: after `gc()` V8 runs far from its steady state for
  // a long while (R=10 JSON, 300 warm-up sessions then 30 measured, CPU per round: the floor ~160-220 µs with
  // it, 85-89 µs without; Keel ~280-360 against 107-113 µs), its GC threads busy beside the loop.
  for (let index = 0; index < spec.warmup; index++) await once();
  const wallMs = [];
  const cpuMs = [];
  const growth = [];
  const concurrency = [];
  const calls = [];
  const marks = [];
  const toolSpanMs = [];
  const longestCallMs = [];
  const totalCallMs = [];
  for (let index = 0; index < spec.sessions; index++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await once();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    wallMs.push(wall);
    cpuMs.push((used.user + used.system) / 1000);
    if (spec.rounds && canned) growth.push(growthRatio(canned.stamps, spec.rounds));
    if (behaviour.marks.length > 0) marks.push([...behaviour.marks, { what: "end", index: 0, at: wall }]);
    if (behaviour.log.length > 0) {
      concurrency.push(maxConcurrency(behaviour.log));
      // What the tools really took (timers fire late on a busy machine), for limits that are fair to all.
      toolSpanMs.push(
        Math.max(...behaviour.log.map((call) => call.endedAt)) -
          Math.min(...behaviour.log.map((call) => call.startedAt)),
      );
      longestCallMs.push(Math.max(...behaviour.log.map((call) => call.endedAt - call.startedAt)));
      totalCallMs.push(behaviour.log.reduce((total, call) => total + call.endedAt - call.startedAt, 0));
      // Start offsets per session (for eager starts and the spread of parallel starts).
      calls.push(behaviour.log.map((call) => ({ orderId: call.orderId, startedAt: call.startedAt })));
    }
  }
  return {
    wallMs,
    cpuMs,
    growth,
    concurrency,
    calls,
    marks,
    toolSpanMs,
    longestCallMs,
    totalCallMs,
    requests: expected,
  };
}

serveTask(import.meta.url, task);

/**
 * Median time of rounds `late` over that of rounds `early` (1-based, inclusive); round k runs from
 * request k to request k+1 (its reply, the tool call, building the next request). Medians, so a GC pause
 * inside a window does not decide the figure.
 * @param {readonly number[]} stamps
 * @param {{ early: [number, number], late: [number, number] }} rounds
 */
function growthRatio(stamps, rounds) {
  const medianOf = (/** @type {[number, number]} */ [first, last]) => {
    const times = [];
    for (let round = first; round <= last; round++) times.push(stamps[round] - stamps[round - 1]);
    return median(times);
  };
  return medianOf(rounds.late) / medianOf(rounds.early);
}
