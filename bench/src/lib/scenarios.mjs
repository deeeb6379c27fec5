import { batchResponse, sessionResponse } from "./sessions.mjs";

/**
 * A scenario is named by the request's `model`, so the in-process fetch and the testkit server derive
 * the same responses from it:
 *   bench-session-R            R rounds of text + one lookup_order, then the answer
 *   bench-batch-TOOL-N-dMS     one reply with N calls of TOOL (blocks streamed MS apart), then the answer
 *
 * @typedef {{ kind: "session", rounds: number } | { kind: "batch", tool: string, count: number, blockDelayMs?: number }} Scenario
 */

/** @param {Scenario} scenario */
export function scenarioModel(scenario) {
  if (scenario.kind === "session") return `bench-session-${scenario.rounds}`;
  return `bench-batch-${scenario.tool}-${scenario.count}-d${scenario.blockDelayMs ?? 0}`;
}

/**
 * @param {string} model
 * @returns {Scenario | undefined}
 */
export function parseScenarioModel(model) {
  const session = /^bench-session-(\d+)$/.exec(model);
  if (session) return { kind: "session", rounds: Number(session[1]) };
  const batch = /^bench-batch-([a-z_]+)-(\d+)-d(\d+)$/.exec(model);
  if (batch)
    return { kind: "batch", tool: batch[1], count: Number(batch[2]), blockDelayMs: Number(batch[3]) };
  return undefined;
}

/** Model requests one session makes. @param {Scenario} scenario */
export const requestsOf = (scenario) => (scenario.kind === "session" ? scenario.rounds + 1 : 2);

/**
 * Response number `round` (0-based) of the scenario.
 * @param {Scenario} scenario @param {number} round
 */
export function scenarioResponse(scenario, round) {
  const model = scenarioModel(scenario);
  if (scenario.kind === "session") return sessionResponse(model, scenario.rounds, round);
  return batchResponse(model, scenario.tool, scenario.count, round);
}

/** @param {Scenario} scenario */
export function scenarioResponses(scenario) {
  return Array.from({ length: requestsOf(scenario) }, (_, round) => scenarioResponse(scenario, round));
}
