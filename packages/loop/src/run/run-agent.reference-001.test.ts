import { calculatorTool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { PlanFunctionClient, type ScratchpadEntry } from "../clients/plan-function-client.js";
import { formatTrace } from "./format-trace.js";
import { runAgent } from "./run-agent.js";
import { spyTool } from "./run-fixtures.test-helpers.js";

describe("reference 001: a pluggable plan function", () => {
  it("stops a plan that loops forever at the cap", async () => {
    let plans = 0;
    const client = new PlanFunctionClient(() => {
      plans += 1;
      return { kind: "tool", tool: "calculator", input: { expression: "1 + 1" } };
    });
    const result = await runAgent({
      client,
      model: "m",
      tools: [calculatorTool],
      prompt: "loop",
      maxIterations: 4,
    });
    expect(result.status).toBe("max_iterations");
    expect(result.iterations).toBe(4);
    expect(plans).toBe(5);
    expect(result.toolCalls).toHaveLength(4);
  });

  it("captures a hallucinated tool name and a throwing tool, and the run goes on", async () => {
    const divide = spyTool("divide", "read", () => {
      throw new RangeError("division by zero");
    });
    const seen: ScratchpadEntry[][] = [];
    const client = new PlanFunctionClient((_question, scratchpad) => {
      seen.push([...scratchpad]);
      if (scratchpad.length === 0) return { kind: "tool", tool: "web_search", input: { query: "2+2" } };
      if (scratchpad.length === 1) return { kind: "tool", tool: "divide", input: { a: 1, b: 0 } };
      if (scratchpad.length === 2)
        return { kind: "tool", tool: "calculator", input: { expression: "2 + 2" } };
      return { kind: "finish", answer: `The answer is ${scratchpad[2]!.result}` };
    });
    const result = await runAgent({
      client,
      model: "m",
      tools: [calculatorTool, divide],
      prompt: "What is 2+2?",
    });
    expect(result.status).toBe("completed");
    expect(result.text).toBe("The answer is 4");
    expect(result.toolCalls.map((call) => [call.requested, call.executed, call.code ?? "ok"])).toEqual([
      ["web_search", null, "UNKNOWN_TOOL"],
      ["divide", "divide", "TOOL_EXCEPTION"],
      ["calculator", "calculator", "ok"],
    ]);
    expect(seen[1]![0]).toMatchObject({ tool: "web_search", isError: true });
    expect(seen[2]![1]).toMatchObject({ tool: "divide", isError: true });
    expect(seen[1]![0]!.result).toContain("calculator");
  });

  it("records every step in the trace: request, response, tool call, and the end", async () => {
    const client = new PlanFunctionClient((_question, scratchpad) =>
      scratchpad.length === 0
        ? { kind: "tool", tool: "calculator", input: { expression: "6 * 7" } }
        : { kind: "finish", answer: "42" },
    );
    const result = await runAgent({ client, model: "m", tools: [calculatorTool], prompt: "6 times 7?" });
    expect(result.trace.map((event) => event.type)).toEqual([
      "run_start",
      "request",
      "response",
      "tool_call",
      "request",
      "response",
      "end",
    ]);
    expect(result.trace[3]).toMatchObject({
      type: "tool_call",
      requested: "calculator",
      input: { expression: "6 * 7" },
      decision: "allow",
      executed: "calculator",
      isError: false,
      attempts: 1,
      preview: "42",
    });
    expect(JSON.parse(JSON.stringify(result.trace))).toEqual(result.trace);
    expect(formatTrace(result.trace)).toContain("tool calculator");
  });
});
