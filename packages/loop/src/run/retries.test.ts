import { permissionError, success, transientError, validationError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { answer, oneCall, reply, runScript, spyTool, toolUse } from "./run-fixtures.test-helpers.js";

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (milliseconds: number) => void delays.push(milliseconds) };
}

describe("retries come from the taxonomy", () => {
  it("retries a transient outcome with exponential backoff and jitter up to maxAttempts", async () => {
    const flaky = spyTool("fetch_page", "read", () =>
      transientError("UPSTREAM_TIMEOUT", "Timed out; retry."),
    );
    const { delays, sleep } = recordingSleep();
    const { result } = await runScript(oneCall("fetch_page"), {
      tools: [flaky],
      retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 },
      sleep,
      random: () => 0.5,
    });
    expect(flaky.calls).toHaveLength(4);
    expect(delays).toEqual([75, 150, 300]);
    expect(result.toolCalls[0]).toMatchObject({ attempts: 4, isError: true, category: "transient" });
    const retries = result.trace.filter((event) => event.type === "retry");
    expect(retries.map((event) => event.attempt)).toEqual([2, 3, 4]);
  });

  it("waits at least the outcome's retryAfterMs", async () => {
    let calls = 0;
    const limited = spyTool("fetch_page", "read", () =>
      ++calls === 1 ? transientError("RATE_LIMITED", "Slow down.", { retryAfterMs: 900 }) : success("ok"),
    );
    const { delays, sleep } = recordingSleep();
    await runScript(oneCall("fetch_page"), {
      tools: [limited],
      sleep,
      random: () => 0,
    });
    expect(delays).toEqual([900]);
  });

  it("does not wait for a retryAfterMs beyond maxDelayMs: the model gets the outcome", async () => {
    const limited = spyTool("fetch_page", "read", () =>
      transientError("RATE_LIMITED", "Slow down.", { retryAfterMs: 60_000 }),
    );
    const { delays, sleep } = recordingSleep();
    const { result } = await runScript(oneCall("fetch_page"), {
      tools: [limited],
      sleep,
    });
    expect(delays).toEqual([]);
    expect(result.toolCalls[0]!.attempts).toBe(1);
  });

  it("never retries permission or validation outcomes", async () => {
    const denied = spyTool("read_secret", "read", () =>
      permissionError("FORBIDDEN", "Not allowed; escalate."),
    );
    const invalid = spyTool("parse", "read", () => validationError("BAD_DATE", "Use ISO dates."));
    const { sleep, delays } = recordingSleep();
    const { result } = await runScript(
      [reply([toolUse("a", "read_secret"), toolUse("b", "parse")]), answer("ok")],
      { tools: [denied, invalid], sleep },
    );
    expect([denied.calls.length, invalid.calls.length]).toEqual([1, 1]);
    expect(delays).toEqual([]);
    expect(result.toolCalls.map((call) => call.attempts)).toEqual([1, 1]);
  });

  it("gives a write tool the same idempotency key on every retry of one call", async () => {
    let calls = 0;
    const save = spyTool("save_note", "write", () =>
      ++calls < 3 ? transientError("DB_BUSY", "Busy; retry.") : success({ saved: true }),
    );
    await runScript(oneCall("save_note", { text: "hi", tags: ["a"] }), {
      tools: [save],
      sleep: async () => {},
      idGenerator: () => "run-1",
    });
    const keys = save.calls.map((call) => call.context.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{24}$/);
  });

  it("derives the idempotency key from run, tool and canonical input, so key order does not matter", async () => {
    const save = spyTool("save_note", "write");
    await runScript(
      [
        reply([toolUse("a", "save_note", { x: 1, y: 2 }), toolUse("b", "save_note", { y: 2, x: 1 })]),
        answer("ok"),
      ],
      { tools: [save], idGenerator: () => "run-1" },
    );
    const [first, second] = save.calls.map((call) => call.context.idempotencyKey);
    expect(first).toBe(second);
    const other = spyTool("save_note", "write");
    await runScript(oneCall("save_note", { x: 1, y: 2 }), {
      tools: [other],
      idGenerator: () => "run-2",
    });
    expect(other.calls[0]!.context.idempotencyKey).not.toBe(first);
  });

  it("gives read tools no idempotency key", async () => {
    const read = spyTool("read_note", "read");
    await runScript(oneCall("read_note"), { tools: [read] });
    expect(read.calls[0]!.context.idempotencyKey).toBeUndefined();
  });
});
