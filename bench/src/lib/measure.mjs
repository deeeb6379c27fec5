import { runTask } from "./child.mjs";

const SESSION_WORKER = new URL("../workers/session-worker.mjs", import.meta.url);

/**
 * @typedef {{ id: string, task: Record<string, unknown> }} Contender
 * @typedef {Record<string, any[]> & { calls: Array<Array<{ orderId: string, startedAt: number }>>,
 *   serverMicrosPerRequest: number[], processes: number[] }} Samples
 */

/**
 * Runs every contender in `processes` fresh child processes each, interleaved (round p runs one process
 * of each contender, in an order rotated by p so none always goes first), and pools what they return:
 * array fields are concatenated, other fields collected one per process. With a `server`, its CPU time per request is read around each process.
 * @param {readonly Contender[]} contenders
 * @param {{ processes: number, server?: { stats: () => Promise<{ cpuMicros: number, requests: number }> },
 *   worker?: URL, inProcess?: boolean, progress?: (line: string) => void }} options
 * @returns {Promise<Map<string, Samples>>}
 */
export async function measureInterleaved(contenders, options) {
  /** @type {Map<string, Samples>} */
  const pooled = new Map();
  for (const contender of contenders) {
    pooled.set(
      contender.id,
      /** @type {Samples} */ ({ calls: [], serverMicrosPerRequest: [], processes: [] }),
    );
  }
  for (let round = 0; round < options.processes; round++) {
    for (let offset = 0; offset < contenders.length; offset++) {
      const contender = contenders[(offset + round) % contenders.length];
      const before = await options.server?.stats();
      const result = await runTask(
        options.worker ?? SESSION_WORKER,
        contender.task,
        options.inProcess ?? false,
      );
      const after = await options.server?.stats();
      const samples = /** @type {Samples} */ (pooled.get(contender.id));
      for (const [key, value] of Object.entries(result)) {
        samples[key] ??= [];
        if (Array.isArray(value)) samples[key].push(...value);
        else samples[key].push(value);
      }
      samples.processes.push(round);
      if (before && after && after.requests > before.requests) {
        samples.serverMicrosPerRequest.push(
          (after.cpuMicros - before.cpuMicros) / (after.requests - before.requests),
        );
      }
      options.progress?.(`${contender.id} #${round + 1}`);
    }
  }
  return pooled;
}
