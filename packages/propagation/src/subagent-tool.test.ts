import { fromToolResultBlock, success, type ToolOutcome } from "@keel/errors";
import { type RunResult, runAgent, ScriptedClient } from "@keel/loop";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  callsThenAnswers,
  capBasisTool,
  feeServiceDown,
  MODEL,
  noRetries,
  toolUse,
  waitsForAbort,
} from "./agents.test-helpers.js";
import { budgetMetadata } from "./budget.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { reportFromRun } from "./report-from-run.js";
import { subagentTool } from "./subagent-tool.js";
import type { Budget, SubagentRun } from "./types.js";

const question = z.object({ question: z.string() });

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

async function coordinate(
  tool: Tool,
  options: { maxIterations?: number; deadline?: number; signal?: AbortSignal } = {},
) {
  const maxIterations = options.maxIterations ?? 4;
  return runAgent({
    client: callsThenAnswers(tool.name, "Escalating to a person.", {
      question: "What is the exposure of A-1?",
    }),
    model: MODEL,
    tools: [tool],
    prompt: "What is the exposure of account A-1?",
    maxIterations,
    metadata: budgetMetadata(
      options.deadline === undefined ? { maxIterations } : { maxIterations, deadline: options.deadline },
    ),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...noRetries,
  });
}

const firstOutcome = (result: RunResult): ToolOutcome => {
  const outcome = result.toolCalls[0]?.outcome;
  if (outcome === undefined) throw new Error("the coordinator made no tool call");
  return outcome;
};

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

describe("budget inheritance", () => {
  function loopingChild(rounds: { count: number }, ownMaxIterations: number): Tool {
    const ping = defineTool({
      name: "ping",
      description: "Pings.",
      input: z.object({}),
      effect: "read",
      handler: () => {
        rounds.count += 1;
        return success({ pong: true });
      },
    });
    return subagentTool({
      name: "ask_looper",
      description: "Asks an agent that never stops calling tools.",
      input: question,
      agent: {
        name: "looper",
        options: ({ question: prompt }) => ({
          // Calls ping until the loop forces the final answer (tool_choice none).
          client: new ScriptedClient((request, index) =>
            request.tool_choice?.type === "none"
              ? answer("Out of rounds.")
              : toolUse(`toolu_${index}`, "ping"),
          ),
          model: MODEL,
          tools: [ping],
          prompt,
          maxIterations: ownMaxIterations,
          ...noRetries,
        }),
      },
    });
  }

  it("gives the child the parent's remaining iterations when they are fewer than its own", async () => {
    const rounds = { count: 0 };
    await coordinate(loopingChild(rounds, 8), { maxIterations: 3 });
    expect(rounds.count).toBe(3);
  });

  it("keeps the child's own cap when the parent has more iterations left", async () => {
    const rounds = { count: 0 };
    await coordinate(loopingChild(rounds, 2), { maxIterations: 6 });
    expect(rounds.count).toBe(2);
  });

  it("counts only the rounds the parent has left at the time of the call", async () => {
    const seen: Budget[] = [];
    const recorder = subagentTool({
      name: "ask_recorder",
      description: "Records its budget.",
      input: question,
      agent: {
        name: "recorder",
        run: (_input, budget): SubagentRun => {
          seen.push(budget);
          return { status: "completed", text: "ok", toolCalls: [] };
        },
      },
    });
    await runAgent({
      client: new ScriptedClient([
        toolUse("toolu_1", "ask_recorder", { question: "a" }),
        toolUse("toolu_2", "ask_recorder", { question: "b" }),
        answer("done"),
      ]),
      model: MODEL,
      tools: [recorder],
      prompt: "Go.",
      maxIterations: 5,
      metadata: budgetMetadata({ maxIterations: 5 }),
    });
    expect(seen.map((budget) => budget.iterationsLeft)).toEqual([5, 4]);
  });

  it("aborts the child when the parent is aborted", async () => {
    const seen = { aborted: false };
    const parent = new AbortController();
    const child = subagentTool({
      name: "ask_slow",
      description: "Asks a slow agent.",
      input: question,
      agent: {
        name: "slow",
        options: ({ question: prompt }) => ({
          client: callsThenAnswers("slow_lookup", "never"),
          model: MODEL,
          tools: [waitsForAbort(seen, () => queueMicrotask(() => parent.abort()))],
          prompt,
          ...noRetries,
        }),
      },
    });
    const result = await coordinate(child, { signal: parent.signal });
    expect(seen.aborted).toBe(true);
    expect(result.status).toBe("aborted");
  });

  it("stops a child that outlives the inherited deadline with transient SUBAGENT_DEADLINE_EXCEEDED", async () => {
    const seen = { aborted: false };
    const child = subagentTool({
      name: "ask_slow",
      description: "Asks a slow agent.",
      input: question,
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
    const result = await coordinate(child, { deadline: Date.now() + 20 });
    expect(seen.aborted).toBe(true);
    expect(firstOutcome(result)).toMatchObject({
      category: "transient",
      code: "SUBAGENT_DEADLINE_EXCEEDED",
      retryable: true,
      details: { tool: null, path: ["slow"] },
    });
  });

  it("never starts a child whose deadline has already passed", async () => {
    let started = false;
    const child = subagentTool({
      name: "ask_late",
      description: "Asks an agent too late.",
      input: question,
      now: () => 2_000,
      agent: {
        name: "late",
        run: () => {
          started = true;
          return { status: "completed", text: "", toolCalls: [] };
        },
      },
    });
    const result = await coordinate(child, { deadline: 1_000 });
    expect(started).toBe(false);
    expect(firstOutcome(result)).toMatchObject({ code: "SUBAGENT_DEADLINE_EXCEEDED" });
  });

  it("passes the deadline on to grandchildren through the child's metadata", async () => {
    const seen: Budget[] = [];
    const grandchild = subagentTool({
      name: "ask_grandchild",
      description: "Records its budget.",
      input: question,
      agent: {
        name: "grandchild",
        run: (_input, budget): SubagentRun => {
          seen.push(budget);
          return { status: "completed", text: "ok", toolCalls: [] };
        },
      },
    });
    const child = subagentTool({
      name: "ask_child",
      description: "Asks the child.",
      input: question,
      agent: {
        name: "child",
        options: ({ question: prompt }) => ({
          client: callsThenAnswers("ask_grandchild", "ok", { question: prompt }),
          model: MODEL,
          tools: [grandchild],
          prompt,
          maxIterations: 2,
        }),
      },
    });
    const deadline = Date.now() + 60_000;
    await coordinate(child, { maxIterations: 4, deadline });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ iterationsLeft: 2, deadline });
  });

  it("has no limit from a parent that announced no budget", async () => {
    const seen: Budget[] = [];
    const child = subagentTool({
      name: "ask_recorder",
      description: "Records its budget.",
      input: question,
      agent: {
        run: (_input, budget): SubagentRun => {
          seen.push(budget);
          return { status: "completed", text: "ok", toolCalls: [] };
        },
      },
    });
    await runAgent({
      client: callsThenAnswers("ask_recorder", "done", { question: "q" }),
      model: MODEL,
      tools: [child],
      prompt: "Go.",
    });
    expect(seen[0]?.iterationsLeft).toBe(Number.POSITIVE_INFINITY);
    expect(seen[0]?.deadline).toBeUndefined();
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

  it("throws PropagationConfigError for an agent with neither run nor options", () => {
    const agent = { name: "nobody" } as unknown as Parameters<typeof subagentTool>[0]["agent"];
    expect(() => subagentTool({ name: "ask_nobody", description: "x", input: question, agent })).toThrow(
      PropagationConfigError,
    );
  });
});
