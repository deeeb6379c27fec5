import { describe, expect, it } from "vitest";
import { retryDelay } from "./retry-delay.js";

describe("retryDelay", () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 350 };

  it("doubles per attempt, caps at maxDelayMs, and jitters within the upper half", () => {
    expect([2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 0))).toEqual([50, 100, 175, 175]);
    expect([2, 3, 4, 5].map((attempt) => retryDelay(attempt, policy, () => 0.999999))).toEqual([
      100, 200, 350, 350,
    ]);
  });

  it("never waits less than the server's retry-after", () => {
    expect(retryDelay(2, policy, () => 0, 300)).toBe(300);
    expect(retryDelay(2, policy, () => 0, 10)).toBe(50);
  });

  it("gives up instead of waiting longer than maxDelayMs for a retry-after", () => {
    expect(retryDelay(2, policy, () => 0, 351)).toBeNull();
  });
});
