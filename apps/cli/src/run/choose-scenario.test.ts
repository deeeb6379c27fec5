import { SCENARIOS } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { matchScenario } from "./choose-scenario.js";

describe("matchScenario", () => {
  it("finds every shipped scenario from its own request", () => {
    for (const scenario of SCENARIOS)
      expect(matchScenario(scenario.request, SCENARIOS)?.scenario.name).toBe(scenario.name);
  });

  it("weighs identifiers: the order id decides between two refund requests", () => {
    expect(matchScenario("refund ORD-1002 please", SCENARIOS)?.scenario.name).toBe("high-value-refund");
    expect(matchScenario("I want to speak to a manager", SCENARIOS)?.scenario.name).toBe("multi-intent");
  });

  it("matches nothing for an unrelated request, so the caller explains instead of guessing", () => {
    expect(matchScenario("What is the weather in Paris tomorrow?", SCENARIOS)).toBeUndefined();
    expect(matchScenario("   ", SCENARIOS)).toBeUndefined();
  });
});
