import { fromToolResultBlock, success } from "@keel/errors";
import { runAgent, ScriptedClient } from "@keel/loop";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  callsThenAnswers,
  capBasisTool,
  coordinate,
  feeServiceDown,
  firstOutcome,
  MODEL,
  noRetries,
  question,
  toolUse,
  waitsForAbort,
} from "./agents.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { reportFromRun } from "./report-from-run.js";
import { subagentTool } from "./subagent-tool.js";
import type { SubagentRun } from "./types.js";

function askFees(feeTool: Tool): Tool {
  return subagentTool({
    name: "ask_fees",
    description: "Asks the fees agent for an account's fee basis.",
    input: question,
    effect: "read",
    agent: {
      name: "fees",
      options: ({ question: prompt }) => ({
        client: callsThenAnswers("resolve_cap_basis", "The fee service is down.", { account_id: "A-1" }),
        model: MODEL,
        tools: [feeTool],
        prompt,
        ...noRetries,
      }),
    },
  });
}

function askBilling(feesTool: Tool): Tool {
  return subagentTool({
    name: "ask_billing",
    description: "Asks the billing agent about an account's exposure.",
    input: question,
    effect: "read",
    agent: {
      name: "billing",
      options: ({ question: prompt }) => ({
        client: callsThenAnswers("ask_fees", "I could not get the fees.", { question: prompt }),
        model: MODEL,
        tools: [feesTool],
        prompt,
        ...noRetries,
      }),
    },
  });
}

describe("subagentTool with real runAgent runs", () => {
  it("keeps category, code, retryable, tool and path across three real agents", async () => {
    const result = await coordinate(askBilling(askFees(capBasisTool(feeServiceDown))));
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
    const refunds = subagentTool({
      name: "ask_refunds",
      description: "Asks the refunds agent.",
      input: question,
      agent: {
        name: "refunds",
        options: ({ question: prompt }) => ({
          client: callsThenAnswers("process_refund", "Refunded.", { order_id: "ORD-1" }),
          model: MODEL,
          tools: [refund],
          prompt,
        }),
      },
    });
    await runAgent({
      client: new ScriptedClient([
        toolUse("toolu_1", "ask_refunds", { question: "Refund ORD-1" }),
        toolUse("toolu_2", "ask_refunds", { question: "Refund ORD-1" }),
        answer("done"),
      ]),
      model: MODEL,
      tools: [refunds],
      prompt: "Refund ORD-1.",
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("turns a throwing child into an unclassified failure without leaking its message", async () => {
    const child = subagentTool({
      name: "ask_broken",
      description: "Asks a broken agent.",
      input: question,
      agent: {
        name: "broken",
        run: () => {
          throw new Error("connection string postgres://secret");
        },
      },
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
    const child = subagentTool({
      name: "ask_rejecting",
      description: "Asks an agent that rejects when aborted.",
      input: question,
      agent: {
        name: "rejecting",
        run: (_input, budget) =>
          new Promise<SubagentRun>((_resolve, reject) => {
            budget.signal.addEventListener("abort", () => reject(budget.signal.reason));
          }),
      },
    });
    const result = await coordinate(child, { deadline: Date.now() + 20 });
    expect(firstOutcome(result)).toMatchObject({ category: "transient", code: "SUBAGENT_DEADLINE_EXCEEDED" });
  });

  it("aborts the child when the subagent tool's own timeoutMs passes", async () => {
    const seen = { aborted: false };
    const child = subagentTool({
      name: "ask_slow",
      description: "Asks a slow agent.",
      input: question,
      effect: "read",
      timeoutMs: 10,
      agent: {
        name: "slow",
        options: ({ question: prompt }) => ({
          client: callsThenAnswers("slow_lookup", "never"),
          model: MODEL,
          tools: [waitsForAbort(seen)],
          prompt,
          ...noRetries,
        }),
      },
    });
    const result = await coordinate(child);
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
