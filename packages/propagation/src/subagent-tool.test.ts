import { fromToolResultBlock, success } from "@keel/errors";
import { runAgent } from "@keel/loop";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  askAgent,
  askRunner,
  askSlowAgent,
  callsEachThenAnswers,
  capBasisTool,
  coordinate,
  feeServiceDown,
  firstOutcome,
  MODEL,
  question,
} from "./agents.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { reportFromRun } from "./report-from-run.js";
import { subagentTool } from "./subagent-tool.js";
import type { SubagentRun } from "./types.js";

function askFees(feeTool: Tool): Tool {
  return askAgent({
    effect: "read",
    agent: "fees",
    tool: feeTool,
    toolInput: { account_id: "A-1" },
    answers: "The fee service is down.",
  });
}

describe("subagentTool with real runAgent runs", () => {
  it("keeps category, code, retryable, tool and path across three real agents", async () => {
    const billing = askAgent({
      effect: "read",
      agent: "billing",
      tool: askFees(capBasisTool(feeServiceDown)),
      answers: "I could not get the fees.",
    });
    const result = await coordinate(billing);
    expect(firstOutcome(result)).toMatchObject({
      kind: "error",
      category: "transient",
      code: "FEE_SERVICE_UNREACHABLE",
      retryable: true,
      details: { tool: "resolve_cap_basis", path: ["fees", "billing"] },
    });
    expect(reportFromRun("support", result)).toMatchObject({
      status: "failed",
      failure: {
        code: "FEE_SERVICE_UNREACHABLE",
        tool: "resolve_cap_basis",
        path: ["fees", "billing", "support"],
      },
    });
  });

  it("keeps the category in the tool_result JSON the coordinator's model actually received", async () => {
    const result = await coordinate(askFees(capBasisTool(feeServiceDown)));
    const toolResult = result.messages
      .flatMap((message) => (typeof message.content === "string" ? [] : message.content))
      .find((block) => block.type === "tool_result");
    const { outcome } = fromToolResultBlock(JSON.parse(JSON.stringify(toolResult)));
    expect(outcome).toMatchObject({
      category: "transient",
      code: "FEE_SERVICE_UNREACHABLE",
      details: { path: ["fees"] },
    });
    expect(coordinatorPolicy(outcome, { attempt: 1, maxAttempts: 2 })).toBe("retry");
  });

  it("returns the child's report as the data of a success", async () => {
    const result = await coordinate(askFees(capBasisTool(() => success({ resolved_basis: 1200 }))));
    expect(firstOutcome(result)).toEqual({
      kind: "success",
      isError: false,
      data: {
        agent: "fees",
        status: "succeeded",
        text: "The fee service is down.",
        data: { resolved_basis: 1200 },
      },
    });
  });
});

describe("subagentTool edge cases", () => {
  it("gives a write child stable idempotency keys when the coordinator repeats the call", async () => {
    const keys: string[] = [];
    const refund = defineTool({
      name: "process_refund",
      description: "Refunds an order.",
      input: z.object({ order_id: z.string() }),
      effect: "write",
      handler: (_input: unknown, context: ToolContext) => {
        keys.push(context.idempotencyKey ?? "none");
        return success({ refunded: true });
      },
    });
    const refunds = askAgent({
      agent: "refunds",
      tool: refund,
      toolInput: { order_id: "ORD-1" },
      answers: "Refunded.",
    });
    await runAgent({
      client: callsEachThenAnswers("ask_refunds", [
        { question: "Refund ORD-1" },
        { question: "Refund ORD-1" },
      ]),
      model: MODEL,
      tools: [refunds],
      prompt: "Refund ORD-1.",
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("turns a throwing child into an unclassified failure without leaking its message", async () => {
    const child = askRunner("broken", () => {
      throw new Error("connection string postgres://secret");
    });
    const result = await coordinate(child);
    const outcome = firstOutcome(result);
    expect(outcome).toMatchObject({
      category: "unclassified",
      retryable: false,
      details: { tool: null, path: ["broken"] },
    });
    expect(JSON.stringify(outcome)).not.toContain("secret");
  });

  it("reports a runner that rejects on its inherited deadline as SUBAGENT_DEADLINE_EXCEEDED, not an exception", async () => {
    const child = askRunner(
      "rejecting",
      (budget) =>
        new Promise<SubagentRun>((_resolve, reject) => {
          budget.signal.addEventListener("abort", () => reject(budget.signal.reason));
        }),
    );
    const result = await coordinate(child, { deadline: Date.now() + 20 });
    expect(firstOutcome(result)).toMatchObject({ category: "transient", code: "SUBAGENT_DEADLINE_EXCEEDED" });
  });

  it("aborts the child when the subagent tool's own timeoutMs passes", async () => {
    const seen = { aborted: false };
    const result = await coordinate(askSlowAgent(seen, { effect: "read", timeoutMs: 10 }));
    expect(seen.aborted).toBe(true);
    expect(firstOutcome(result)).toMatchObject({ category: "transient", code: "TOOL_TIMEOUT" });
  });

  it("throws PropagationConfigError for an agent with neither run nor options", () => {
    const agent = { name: "nobody" } as unknown as Parameters<typeof subagentTool>[0]["agent"];
    expect(() => subagentTool({ name: "ask_nobody", description: "x", input: question, agent })).toThrow(
      PropagationConfigError,
    );
  });
});
