import { describe, expect, it } from "vitest";
import { createFaultSource, seededRandom } from "./faults.js";

describe("createFaultSource", () => {
  it("stages a list of faults in order, each `times` over (default once)", () => {
    const faults = createFaultSource();
    faults.stage([
      { operation: "getOrder", kind: "timeout", times: 2 },
      { operation: "getOrder", kind: "unreachable" },
      { operation: "processRefund", kind: "unreachable", times: 0 },
    ]);
    expect(faults.pending()).toBe(3);
    expect(faults.pending("processRefund")).toBe(0);
    expect([1, 2, 3, 4].map(() => faults.take("getOrder"))).toEqual([
      "timeout",
      "timeout",
      "unreachable",
      null,
    ]);
  });

  it("draws random faults reproducibly from the seed", () => {
    const draws = (seed: number) => {
      const faults = createFaultSource({ faultRate: 0.5, seed });
      return Array.from({ length: 20 }, () => faults.take("getOrder"));
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const random = seededRandom(1);
    expect(Array.from({ length: 1000 }, random).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
