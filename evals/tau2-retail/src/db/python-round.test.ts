import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pythonRound2 } from "./python-round.js";

// [x, round(x, 2)] pairs computed by CPython 3.11: sums and differences of prices, eighths, random values.
const cases = JSON.parse(
  readFileSync(new URL("./__fixtures__/python-round.json", import.meta.url), "utf8"),
) as [number, number][];

describe("pythonRound2", () => {
  it("rounds an exact binary tie to even, as Python does", () => {
    expect(pythonRound2(0.125)).toBe(0.12);
    expect(pythonRound2(0.375)).toBe(0.38);
    expect(pythonRound2(-0.125)).toBe(-0.12);
  });

  it("rounds the binary value, not the decimal it prints (2.675 is below the tie)", () => {
    expect(pythonRound2(2.675)).toBe(2.67);
    expect(pythonRound2(1.005)).toBe(1);
  });

  it(`agrees with CPython on all ${cases.length} recorded values`, () => {
    const disagreements = cases.filter(([value, rounded]) => pythonRound2(value) !== rounded);
    expect(disagreements).toEqual([]);
  });
});
