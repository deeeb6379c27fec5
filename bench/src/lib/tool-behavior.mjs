import { setTimeout as sleep } from "node:timers/promises";

/**
 * What every implementation's tools do, so only the framework differs: wait the configured time (none
 * for the overhead benches), then return a small order record. `log` records start/end times to check
 * concurrency (parallel reads, serialised writes, eager starts).
 *
 * @typedef {{ name: string, effect: "read" | "write", description: string }} ToolShape
 * @typedef {{ durations?: Record<string, number>, defaultMs?: number }} Timing
 * @typedef {{ name: string, orderId: string, startedAt: number, endedAt: number }} CallLog
 * @typedef {{ what: "request" | "block_stop" | "message_stop", index: number, at: number }} Mark
 */

export const LOOKUP_ORDER = /** @type {ToolShape} */ ({
  name: "lookup_order",
  effect: "read",
  description: "Look up one order by its id (ORD-1001). Returns its status and amount. Read-only.",
});

export const UPDATE_ORDER = /** @type {ToolShape} */ ({
  name: "update_order",
  effect: "write",
  description: "Mark one order (ORD-1001) as reviewed. Changes the order: a write.",
});

/** @param {string} name */
export function toolShape(name) {
  if (name === LOOKUP_ORDER.name) return LOOKUP_ORDER;
  if (name === UPDATE_ORDER.name) return UPDATE_ORDER;
  throw new Error(`unknown bench tool ${name}`);
}

/**
 * @param {Timing} [timing]
 * @returns {{ run: (name: string, input: { order_id: string }) => Promise<Record<string, unknown>>, log: CallLog[],
 *   marks: Mark[], mark: (what: Mark["what"], index: number) => void, origin: { at: number } }}
 */
export function toolBehavior(timing = {}) {
  /** @type {CallLog[]} */
  const log = [];
  /** @type {Mark[]} */
  const marks = [];
  const origin = { at: 0 };
  const durationOf = (/** @type {string} */ orderId) => timing.durations?.[orderId] ?? timing.defaultMs ?? 0;
  return {
    log,
    marks,
    origin,
    mark(what, index) {
      marks.push({ what, index, at: performance.now() - origin.at });
    },
    async run(name, input) {
      const orderId = String(input.order_id);
      const waitMs = durationOf(orderId);
      const startedAt = performance.now() - origin.at;
      if (waitMs > 0) await sleep(waitMs);
      if (waitMs > 0) log.push({ name, orderId, startedAt, endedAt: performance.now() - origin.at });
      return { order_id: orderId, status: "shipped", amount: 42.5, currency: "USD", carrier: "UPS" };
    },
  };
}

/**
 * The most calls of `log` that were running at the same moment.
 * @param {readonly CallLog[]} log
 */
export function maxConcurrency(log) {
  const edges = log.flatMap((call) => [
    { at: call.startedAt, step: 1 },
    { at: call.endedAt, step: -1 },
  ]);
  edges.sort((left, right) => left.at - right.at || left.step - right.step);
  let active = 0;
  let most = 0;
  for (const edge of edges) {
    active += edge.step;
    most = Math.max(most, active);
  }
  return most;
}

/**
 * Runs every tool_use block of an assistant reply with `behaviour`, concurrently, and returns the user turn of
 * tool_result blocks that answers them: the step the hand-written loops (no framework) share.
 * @param {{ content: any[] }} reply
 * @param {ReturnType<typeof toolBehavior>} behaviour
 */
export async function toolResultTurn(reply, behaviour) {
  const uses = reply.content.filter((/** @type {any} */ block) => block.type === "tool_use");
  const results = await Promise.all(
    uses.map(async (/** @type {any} */ block) => ({
      type: "tool_result",
      tool_use_id: block.id,
      content: JSON.stringify(await behaviour.run(block.name, block.input)),
    })),
  );
  return { role: "user", content: results };
}
