import { runAgent, ScriptedClient } from "@keel/loop";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { serveTask } from "../lib/child.mjs";
import { MAX_TOKENS, SYSTEM_PROMPT, sessionResponse, USER_PROMPT } from "../lib/sessions.mjs";
import { median } from "../lib/stats.mjs";
import { LOOKUP_ORDER, toolBehavior, toolResultTurn } from "../lib/tool-behavior.mjs";
import { keelTools } from "../loops/keel.mjs";

const MODEL = "bench-scripted";

/**
 * Bench 2 in one fresh process: `runAgent` over a ScriptedClient for a long session (no HTTP, no SDK),
 * against a bare loop calling the same ScriptedClient — the floor of an in-process loop. Per run: wall,
 * CPU, each round's time (from the script function's clock) and, on a last run, the heap it retains.
 *
 * @typedef {{ implementation: "keel" | "keel-otel" | "bare", rounds: number, warmup: number, sessions: number,
 *   early: [number, number], late: [number, number] }} ScriptedTask
 * @param {ScriptedTask} spec
 */
export async function task(spec) {
  const behaviour = toolBehavior();
  const tools = keelTools([LOOKUP_ORDER], behaviour);
  // Telemetry on: the OpenTelemetry SDK's real spans (recorded, then dropped: no processor), so the row
  // is the loop's cost of making them, not an exporter's.
  const telemetry =
    spec.implementation === "keel-otel"
      ? { telemetry: { tracer: new BasicTracerProvider().getTracer("bench"), agentName: "bench" } }
      : {};
  /** @type {number[]} */
  let stamps = [];
  const newClient = () =>
    new ScriptedClient((_request, index) => {
      stamps.push(performance.now());
      return sessionResponse(MODEL, spec.rounds, index);
    });
  const runOnce = async () => {
    stamps = [];
    const client = newClient();
    const result =
      spec.implementation !== "bare"
        ? await runAgent({
            client,
            model: MODEL,
            system: SYSTEM_PROMPT,
            tools,
            prompt: USER_PROMPT,
            maxTokens: MAX_TOKENS,
            maxIterations: spec.rounds + 1,
            ...telemetry,
          })
        : await bareLoop(client, behaviour);
    if (result.status !== "completed" || result.modelRequests !== spec.rounds + 1) {
      throw new Error(`${spec.implementation}: ${result.status} after ${result.modelRequests} requests`);
    }
    return { result, client };
  };
  await warmUp(runOnce, spec.warmup);
  // Memory first, and each session in its own function: a suspended async frame can keep the last
  // awaited value alive, which would hide one run's heap.
  const memory = await retainedMemory(runOnce);
  const sessions = [];
  for (let index = 0; index < spec.sessions; index++)
    sessions.push(await measureSession(runOnce, () => stamps, spec));
  return {
    wallMs: sessions.map((session) => session.wallMs),
    cpuMs: sessions.map((session) => session.cpuMs),
    growth: sessions.map((session) => session.late / session.early),
    early: sessions.map((session) => session.early * 1000),
    late: sessions.map((session) => session.late * 1000),
    memory,
  };
}

/** @param {() => Promise<unknown>} runOnce @param {number} times */
async function warmUp(runOnce, times) {
  for (let index = 0; index < times; index++) await runOnce();
}

/**
 * @param {() => Promise<unknown>} runOnce
 * @param {() => number[]} stampsOf
 * @param {ScriptedTask} spec
 */
async function measureSession(runOnce, stampsOf, spec) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runOnce();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const stamps = stampsOf();
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    early: medianRound(stamps, spec.early),
    late: medianRound(stamps, spec.late),
  };
}

/**
 * Heap retained by one finished run (gc before and after): by its result alone, and with the
 * ScriptedClient's request log too.
 * @param {() => Promise<{ result: unknown, client: unknown }>} runOnce
 */
async function retainedMemory(runOnce) {
  const gc = globalThis.gc;
  if (!gc) return { resultBytes: Number.NaN, withClientBytes: Number.NaN };
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  /** @type {{ result: unknown, client: unknown }} */
  const held = await runOnce();
  gc();
  gc();
  const withClientBytes = process.memoryUsage().heapUsed - before;
  held.client = undefined;
  gc();
  gc();
  const resultBytes = process.memoryUsage().heapUsed - before;
  if (held.result === undefined) throw new Error("unreachable");
  return { resultBytes, withClientBytes };
}

/**
 * The median time of rounds `first`…`last` (1-based, inclusive); round k runs from request k to request
 * k+1. A median, so one GC pause in a window does not decide the growth figure.
 * @param {readonly number[]} stamps @param {[number, number]} range
 */
function medianRound(stamps, [first, last]) {
  const times = [];
  for (let round = first; round <= last; round++) times.push(stamps[round] - stamps[round - 1]);
  return median(times);
}

/**
 * The least loop over a ModelClient: call, append, run the calls, repeat.
 * @param {ScriptedClient} client
 * @param {ReturnType<typeof toolBehavior>} behaviour
 */
async function bareLoop(client, behaviour) {
  /** @type {any[]} */
  const messages = [{ role: "user", content: USER_PROMPT }];
  const tools = [
    { name: LOOKUP_ORDER.name, description: LOOKUP_ORDER.description, input_schema: { type: "object" } },
  ];
  for (let requests = 1; ; requests++) {
    const reply = await client.create({
      model: MODEL,
      max_tokens: MAX_TOKENS,
      system: SYSTEM_PROMPT,
      tools,
      messages,
    });
    messages.push({ role: "assistant", content: reply.content });
    if (reply.stop_reason !== "tool_use") return { status: "completed", modelRequests: requests };
    messages.push(await toolResultTurn(reply, behaviour));
  }
}

serveTask(import.meta.url, task);
