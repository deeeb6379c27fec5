import { success } from "@keel/errors";
import { runAgent, ScriptedClient } from "@keel/loop";
import { defineTool, type Tool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  askAgent,
  askRunner,
  askSlowAgent,
  callsEachThenAnswers,
  callsThenAnswers,
  coordinate,
  firstOutcome,
  MODEL,
  noRetries,
  question,
  toolUse,
} from "./agents.test-helpers.js";
import { budgetMetadata } from "./budget.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { subagentTool } from "./subagent-tool.js";
import type { Budget } from "./types.js";

/** `ask_<agent>`: a child that records the budget it inherits. */
function recorder(agent: string, seen: Budget[]): Tool {
  return askRunner(agent, (budget) => {
    seen.push(budget);
    return { status: "completed", text: "ok", toolCalls: [] };
  });
}

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
    await runAgent({
      client: callsEachThenAnswers("ask_recorder", [{ question: "a" }, { question: "b" }]),
      model: MODEL,
      tools: [recorder("recorder", seen)],
      prompt: "Go.",
      maxIterations: 5,
      metadata: budgetMetadata({ maxIterations: 5 }),
    });
    expect(seen.map((budget) => budget.iterationsLeft)).toEqual([5, 4]);
  });

  it("aborts the child when the parent is aborted", async () => {
    const seen = { aborted: false };
    const parent = new AbortController();
    const child = askSlowAgent(seen, { onStart: () => queueMicrotask(() => parent.abort()) });
    const result = await coordinate(child, { signal: parent.signal });
    expect(seen.aborted).toBe(true);
    expect(result.status).toBe("aborted");
  });

  it("stops a child that outlives the inherited deadline with transient SUBAGENT_DEADLINE_EXCEEDED", async () => {
    const seen = { aborted: false };
    let started = false;
    // A frozen clock: the deadline cannot read as already passed however slow the machine is; the child's
    // timer still fires 300 ms (real time) after it starts.
    const clock = () => 1_000_000;
    const child = askSlowAgent(seen, {
      onStart: () => {
        started = true;
      },
      now: clock,
    });
    const result = await coordinate(child, { deadline: clock() + 300 });
    // The running tool was aborted, never left running (it normally starts well within 300 ms).
    expect(seen.aborted).toBe(started);
    expect(firstOutcome(result)).toMatchObject({
      category: "transient",
      code: "SUBAGENT_DEADLINE_EXCEEDED",
      retryable: true,
      details: { tool: null, path: ["slow"] },
    });
  });

  it("never starts a child whose deadline has already passed", async () => {
    let started = false;
    const child = askRunner(
      "late",
      () => {
        started = true;
        return { status: "completed", text: "", toolCalls: [] };
      },
      { now: () => 2_000 },
    );
    const result = await coordinate(child, { deadline: 1_000 });
    expect(started).toBe(false);
    expect(firstOutcome(result)).toMatchObject({ code: "SUBAGENT_DEADLINE_EXCEEDED" });
  });

  it("passes the deadline on to grandchildren through the child's metadata", async () => {
    const seen: Budget[] = [];
    const grandchild = recorder("grandchild", seen);
    const child = askAgent({
      agent: "child",
      tool: grandchild,
      answers: "ok",
      maxIterations: 2,
    });
    const deadline = Date.now() + 60_000;
    await coordinate(child, { maxIterations: 4, deadline });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ iterationsLeft: 2, deadline });
  });

  it("has no limit from a parent that announced no budget", async () => {
    const seen: Budget[] = [];
    await runAgent({
      client: callsThenAnswers("ask_recorder", "done", { question: "q" }),
      model: MODEL,
      tools: [recorder("recorder", seen)],
      prompt: "Go.",
    });
    expect(seen[0]?.iterationsLeft).toBe(Number.POSITIVE_INFINITY);
    expect(seen[0]?.deadline).toBeUndefined();
  });
});

describe("budgetMetadata", () => {
  it("throws PropagationConfigError for a maxIterations below 1", () => {
    expect(() => budgetMetadata({ maxIterations: 0 })).toThrow(PropagationConfigError);
  });
});
