import { describe, expect, it } from "vitest";
import { meanPassHatCurve, passHatCurve, taskPassHatK } from "./pass-hat-k.js";

describe("pass^k as τ-bench defines it", () => {
  it("is C(c,k)/C(n,k) for one task", () => {
    // 8 trials, 6 passes: C(6,2)/C(8,2) = 15/28; C(6,4)/C(8,4) = 15/70.
    expect(taskPassHatK(6, 8, 1)).toBe(6 / 8);
    expect(taskPassHatK(6, 8, 2)).toBeCloseTo(15 / 28, 12);
    expect(taskPassHatK(6, 8, 4)).toBeCloseTo(15 / 70, 12);
    expect(taskPassHatK(6, 8, 7)).toBe(0);
    expect(taskPassHatK(8, 8, 8)).toBe(1);
  });

  it("never rises with k", () => {
    const curve = passHatCurve(3, 4, 4);
    expect(curve).toEqual([0.75, 0.5, 0.25, 0]);
  });

  it("averages each k over tasks", () => {
    const curve = meanPassHatCurve(
      [
        { passes: 4, trials: 4 },
        { passes: 2, trials: 4 },
        { passes: 0, trials: 4 },
      ],
      2,
    );
    // Task by task: pass^1 = 1, 0.5, 0; pass^2 = 1, C(2,2)/C(4,2) = 1/6, 0.
    expect(curve[0]).toBeCloseTo(0.5, 12);
    expect(curve[1]).toBeCloseTo((1 + 1 / 6) / 3, 12);
  });

  it("refuses a k the trials cannot answer", () => {
    expect(() => taskPassHatK(1, 2, 3)).toThrow(RangeError);
    expect(() => taskPassHatK(1, 2, 0)).toThrow(RangeError);
  });
});
