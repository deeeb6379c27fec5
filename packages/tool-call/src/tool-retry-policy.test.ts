import { getEventListeners } from "node:events";
import { HookConfigError } from "@keel/hooks";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_RETRY, toolRetryPolicy } from "./tool-retry-policy.js";

describe("toolRetryPolicy", () => {
  it("defaults to 3 attempts, 200 ms doubling with equal jitter, capped at 5 s", () => {
    const low = toolRetryPolicy({ random: () => 0 });
    const high = toolRetryPolicy({ random: () => 0.999_999 });
    expect(low.maxAttempts).toBe(DEFAULT_TOOL_RETRY.maxAttempts);
    expect([2, 3, 4].map((attempt) => low.delayMs(attempt, undefined))).toEqual([100, 200, 400]);
    expect([2, 3, 4].map((attempt) => high.delayMs(attempt, undefined))).toEqual([200, 400, 800]);
    expect(high.delayMs(20, undefined)).toBe(5000);
  });

  it("waits at least a tool's retryAfterMs, and gives up at once on a hint longer than maxDelayMs", () => {
    const policy = toolRetryPolicy({ random: () => 0, maxDelayMs: 1000 });
    expect(policy.delayMs(2, 750)).toBe(750);
    expect(policy.delayMs(2, 1001)).toBeNull();
  });

  it("raises maxDelayMs to a larger baseDelayMs", () => {
    expect(toolRetryPolicy({ baseDelayMs: 8000, random: () => 0 }).delayMs(2, undefined)).toBe(4000);
  });

  it.each([
    ["maxAttempts", 0],
    ["maxAttempts", 1.5],
    ["baseDelayMs", -1],
    ["maxDelayMs", Number.NaN],
  ] as const)("refuses %s = %s with HookConfigError", (name, value) => {
    const attempt = () => toolRetryPolicy({ [name]: value });
    expect(attempt).toThrow(HookConfigError);
    expect(attempt).toThrow(new RegExp(`"${name}" must be a whole number`));
  });

  it("refuses a maxDelayMs below baseDelayMs", () => {
    expect(() => toolRetryPolicy({ baseDelayMs: 500, maxDelayMs: 100 })).toThrow(/at least 500/);
  });

  it("sleeps until the delay, or until the signal aborts, leaving no listener behind", async () => {
    const { sleep } = toolRetryPolicy();
    const controller = new AbortController();
    const started = performance.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await waiting;
    expect(performance.now() - started).toBeLessThan(5000);
    const quiet = new AbortController();
    const pending = sleep(5, quiet.signal);
    expect(getEventListeners(quiet.signal, "abort")).toHaveLength(1);
    await pending;
    expect(getEventListeners(quiet.signal, "abort")).toHaveLength(0);
  });
});
