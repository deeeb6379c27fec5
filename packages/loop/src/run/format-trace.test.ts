import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { formatTrace } from "./format-trace.js";
import { runAgent } from "./run-agent.js";
import type { TraceEvent } from "./trace-events.js";
import { EMPTY_USAGE } from "./usage.js";

const usage = {
  input_tokens: 1200,
  output_tokens: 40,
  cache_creation_input_tokens: null,
  cache_read_input_tokens: 900,
};
const totals = {
  input_tokens: 1200,
  output_tokens: 40,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 900,
};

describe("formatTrace", () => {
  it("renders one readable line per event, for every event type", () => {
    const trace: TraceEvent[] = [
      {
        type: "run_start",
        atMs: 0,
        runId: "r1",
        model: "m",
        client: "scripted",
        tools: ["a"],
        maxIterations: 3,
        cache: true,
      },
      { type: "request", atMs: 1, index: 1, final: false, messages: 1, bytes: 2048 },
      { type: "model_retry", atMs: 2, attempt: 1, reason: "overloaded", delayMs: 500 },
      {
        type: "response",
        atMs: 3,
        index: 1,
        stopReason: "tool_use",
        toolUses: 2,
        usage,
        cumulativeUsage: totals,
        durationMs: 2,
      },
      { type: "retry", atMs: 4, id: "t1", tool: "a", attempt: 2, delayMs: 100, code: "BUSY" },
      {
        type: "tool_call",
        atMs: 5,
        id: "t1",
        iteration: 1,
        requested: "refund",
        input: { amount: 750 },
        decision: "redirect",
        hook: "limit",
        executed: "escalate",
        isError: false,
        attempts: 1,
        durationMs: 3,
        reused: false,
        eager: false,
        preview: "{}",
      },
      { type: "eager_discarded", atMs: 6, id: "t2", name: "a", reason: "changed" },
      {
        type: "tool_use_ignored",
        atMs: 7,
        id: "t3",
        name: "a",
        reason: "stop_reason",
        stopReason: "max_tokens",
      },
      { type: "end", atMs: 8, status: "truncated", iterations: 1, modelRequests: 1, usage: totals },
    ];
    expect(formatTrace(trace).split("\n")).toEqual([
      "run r1 · m via scripted · tools: a",
      "→ request 1 · 1 message · 2.0 kB",
      "  model retry 1 after 500 ms · overloaded",
      "← response 1 · tool_use · 2 tool_use · in 1200 out 40 cache write 0 read 900 · 2 ms",
      "  retry a (BUSY) · attempt 2 after 100 ms",
      '  tool refund {"amount":750} · redirect by limit → escalate · ok (1 attempt, 3 ms)',
      "  dropped early start of a (changed)",
      "  not run: a (stop_reason max_tokens)",
      "end truncated · 1 tool round · 1 request · in 1200 out 40 cache write 0 read 900",
    ]);
  });
});

describe("formatTrace: the compaction steps", () => {
  it("adds what the compaction steps were billed to the end line, apart from the totals", () => {
    const compaction = { ...EMPTY_USAGE, input_tokens: 9000, output_tokens: 120 };
    const usage = {
      ...EMPTY_USAGE,
      input_tokens: 700,
      output_tokens: 65,
      context_management: {
        cleared_input_tokens: 0,
        cleared_tool_uses: 0,
        cleared_thinking_turns: 0,
        compactions: 1,
        compaction,
      },
    };
    const trace: TraceEvent[] = [
      { type: "end", atMs: 1, status: "completed", iterations: 1, modelRequests: 2, usage },
    ];
    expect(formatTrace(trace)).toBe(
      "end completed · 1 tool round · 2 requests · in 700 out 65 cache write 0 read 0 + 1 compaction step in 9000 out 120",
    );
  });
});

describe("the run's wall-clock start", () => {
  it("is on run_start as ISO 8601 UTC (atMs counts from it), and formatTrace shows it", async () => {
    const before = Date.now();
    const result = await runAgent({
      client: new ScriptedClient([{ content: [{ type: "text", text: "Hi." }] }]),
      model: "m",
      prompt: "Hello.",
    });
    const start = result.trace[0];
    expect(start?.type).toBe("run_start");
    const startedAt = start?.type === "run_start" ? start.startedAt : undefined;
    expect(startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(startedAt!)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(startedAt!)).toBeLessThanOrEqual(Date.now());
    expect(formatTrace(result.trace)).toContain(`started ${startedAt}`);
  });
});
