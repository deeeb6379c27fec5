import type fc from "fast-check";
import {
  handlerViolations,
  rewrittenHistory,
  statusViolations,
  unansweredToolUses,
} from "./loop-invariants.js";
import { type LoopScenario, loopScenarioArbitrary, playLoopScenario } from "./loop-scenario.js";
import { playWireScenario, type WireScenario, wireScenarioArbitrary } from "./wire-scenario.js";

/** A law of the loop: random scenarios and a check that lists what broke (nothing, when it holds). */
export interface LoopProperty<S> {
  readonly name: string;
  readonly arbitrary: fc.Arbitrary<S>;
  /** Share of the configured runs this property gets (the wire runs are slower). */
  readonly runShare: number;
  check(scenario: S): Promise<string[]>;
}

const forAnyScenario = <S>(property: LoopProperty<S>) => property as unknown as LoopProperty<unknown>;

/** The loop properties, for the tests (fc.assert) and the soak (fc.check, counted in RELIABILITY.md). */
export const LOOP_PROPERTIES: readonly LoopProperty<unknown>[] = [
  forAnyScenario<LoopScenario>({
    name: "answers every tool_use exactly once with its id, in every request and in the result",
    arbitrary: loopScenarioArbitrary(),
    runShare: 1,
    async check(scenario) {
      const { result, requests } = await playLoopScenario(scenario);
      return [
        ...requests.flatMap((request, index) => unansweredToolUses(request.messages, `request ${index}`)),
        ...unansweredToolUses(result.messages, "result"),
      ];
    },
  }),
  forAnyScenario<LoopScenario>({
    name: "keeps the history append-only",
    arbitrary: loopScenarioArbitrary(),
    runShare: 1,
    async check(scenario) {
      const { result, requests } = await playLoopScenario(scenario);
      return rewrittenHistory(requests, result);
    },
  }),
  forAnyScenario<LoopScenario>({
    name: "sends at most maxIterations + 1 requests (plus pause_turn continuations) and ends with one terminal status",
    arbitrary: loopScenarioArbitrary(),
    runShare: 1,
    async check(scenario) {
      const { result, requests, pauses } = await playLoopScenario(scenario);
      const violations = statusViolations(result);
      if (requests.length !== result.modelRequests)
        violations.push(`${requests.length} requests, ${result.modelRequests} recorded`);
      if (result.modelRequests > scenario.maxIterations + 1 + pauses) {
        violations.push(
          `${result.modelRequests} requests for maxIterations ${scenario.maxIterations} and ${pauses} pauses`,
        );
      }
      return violations;
    },
  }),
  forAnyScenario<LoopScenario>({
    name: "never runs blocked, invalid or redirected handlers, and runs a call at most maxAttempts times",
    arbitrary: loopScenarioArbitrary(),
    runShare: 1,
    async check(scenario) {
      const { result, runs } = await playLoopScenario(scenario);
      return handlerViolations(result, runs, scenario.maxAttempts);
    },
  }),
  forAnyScenario<WireScenario>({
    name: "over the wire with faults: HTTP requests stay within (maxIterations + 1) x (maxRetries + 1), one retry budget per request, and every invariant holds",
    arbitrary: wireScenarioArbitrary,
    runShare: 0.5,
    async check(scenario) {
      const { result, runs, httpRequests } = await playWireScenario(scenario);
      const bound = (scenario.maxIterations + 1) * (scenario.maxRetries + 1);
      const violations = [
        ...statusViolations(result),
        ...unansweredToolUses(result.messages, "result"),
        ...handlerViolations(result, runs, scenario.maxAttempts),
      ];
      if (httpRequests > bound) violations.push(`${httpRequests} HTTP requests, bound ${bound}`);
      if (result.error?.kind === "bad_request")
        violations.push(`the API refused a request: ${result.error.message}`);
      return violations;
    },
  }),
];

/** Runs for one property out of the configured number. */
export const runsFor = (property: LoopProperty<unknown>, runs: number) =>
  Math.max(10, Math.round(runs * property.runShare));
