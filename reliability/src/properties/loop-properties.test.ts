import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import {
  handlerViolations,
  rewrittenHistory,
  statusViolations,
  unansweredToolUses,
} from "./loop-invariants.js";
import { loopScenarioArbitrary, playLoopScenario } from "./loop-scenario.js";
import { playWireScenario, wireScenarioArbitrary } from "./wire-scenario.js";

const sizes = readSizes("small");
const numRuns = sizes.propertyRuns;

describe("loop invariants over random scripts, tool outcomes, hooks and client failures (ScriptedClient)", () => {
  it("answers every tool_use exactly once with its id, in every request and in the result", async () => {
    await fc.assert(
      fc.asyncProperty(loopScenarioArbitrary(), async (scenario) => {
        const { result, requests } = await playLoopScenario(scenario);
        const violations = requests.flatMap((request, index) =>
          unansweredToolUses(request.messages, `request ${index}`),
        );
        expect([...violations, ...unansweredToolUses(result.messages, "result")]).toEqual([]);
      }),
      { numRuns },
    );
  });

  it("keeps the history append-only", async () => {
    await fc.assert(
      fc.asyncProperty(loopScenarioArbitrary(), async (scenario) => {
        const { result, requests } = await playLoopScenario(scenario);
        expect(rewrittenHistory(requests, result)).toEqual([]);
      }),
      { numRuns },
    );
  });

  it("sends at most maxIterations + 1 requests (plus pause_turn continuations) and ends with one terminal status", async () => {
    await fc.assert(
      fc.asyncProperty(loopScenarioArbitrary(), async (scenario) => {
        const { result, requests, pauses } = await playLoopScenario(scenario);
        expect(requests.length).toBe(result.modelRequests);
        expect(result.modelRequests).toBeLessThanOrEqual(scenario.maxIterations + 1 + pauses);
        expect(statusViolations(result)).toEqual([]);
      }),
      { numRuns },
    );
  });

  it("never runs blocked, invalid or redirected handlers, and retries a call at most maxAttempts times", async () => {
    await fc.assert(
      fc.asyncProperty(loopScenarioArbitrary(), async (scenario) => {
        const { result, runs } = await playLoopScenario(scenario);
        expect(handlerViolations(result, runs, scenario.maxAttempts)).toEqual([]);
      }),
      { numRuns },
    );
  });
});

describe("loop invariants over the wire (AnthropicClient against the fake API with random faults)", () => {
  it("bounds HTTP requests by (maxIterations + 1) x SDK attempts x stream attempts, and keeps every invariant", async () => {
    await fc.assert(
      fc.asyncProperty(wireScenarioArbitrary, async (scenario) => {
        const { result, runs, httpRequests } = await playWireScenario(scenario);
        const bound = (scenario.maxIterations + 1) * (scenario.maxRetries + 1) * (scenario.streamRetries + 1);
        expect(httpRequests).toBeLessThanOrEqual(bound);
        expect(result.error?.kind).not.toBe("bad_request");
        expect([
          ...statusViolations(result),
          ...unansweredToolUses(result.messages, "result"),
          ...handlerViolations(result, runs, scenario.maxAttempts),
        ]).toEqual([]);
      }),
      { numRuns: Math.max(10, Math.round(numRuns / 2)) },
    );
  });
});
