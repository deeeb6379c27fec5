import { fromToolResultBlock, type ToolOutcome } from "@keel/errors";
import { type RunResult, runAgent } from "@keel/loop";
import { defineTool, type Tool } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { askAgent, callsThenAnswers, MODEL, noRetries } from "./agents.test-helpers.js";
import { agentNameArbitrary, failureFieldsArbitrary, toolNameArbitrary } from "./arbitraries.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { errorOutcome } from "./fakes.test-helpers.js";
import { reportFromRun } from "./report-from-run.js";

function failingTool(name: string, outcome: ToolOutcome): Tool {
  return defineTool({
    name,
    description: `Fails with ${name}.`,
    input: z.object({}),
    effect: "read",
    handler: () => outcome,
  });
}

/** agents[0] calls the failing tool; each next agent calls the previous one through a subagent tool. */
function chain(innermost: Tool, agents: readonly string[]): Tool {
  return agents.reduce<Tool>(
    (inner, agent) =>
      askAgent({
        effect: "read",
        agent,
        tool: inner,
        ...(inner === innermost ? { toolInput: {} } : {}),
        answers: `${agent} is done.`,
      }),
    innermost,
  );
}

async function coordinate(tool: Tool): Promise<RunResult> {
  return runAgent({
    client: callsThenAnswers(tool.name, "Done.", { question: "Go." }),
    model: MODEL,
    tools: [tool],
    prompt: "Go.",
    ...noRetries,
  });
}

function receivedToolResult(result: RunResult): ToolOutcome {
  const block = result.messages
    .flatMap((message) => (typeof message.content === "string" ? [] : message.content))
    .find((candidate) => candidate.type === "tool_result");
  return fromToolResultBlock(JSON.parse(JSON.stringify(block))).outcome;
}

describe("propagation through real nested runAgent runs", () => {
  it("keeps category, code, retryable, tool and path through 1 to 3 subagents and the tool_result JSON (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        failureFieldsArbitrary,
        toolNameArbitrary,
        fc.uniqueArray(agentNameArbitrary, { minLength: 1, maxLength: 3 }),
        async (fields, toolName, agents) => {
          const origin = errorOutcome(fields.category, fields.code, {
            retryable: fields.retryable,
            ...(fields.retryAfterMs === undefined ? {} : { retryAfterMs: fields.retryAfterMs }),
          });
          const result = await coordinate(chain(failingTool(toolName, origin), agents));
          const expected = { category: fields.category, code: fields.code, retryable: fields.retryable };
          const received = receivedToolResult(result);
          expect(received).toMatchObject({ ...expected, details: { tool: toolName, path: agents } });
          expect(received.isError ? received.retryAfterMs : "not an error").toBe(fields.retryAfterMs);
          expect(reportFromRun("coordinator", result)).toMatchObject({
            status: "failed",
            failure: { ...expected, tool: toolName, path: [...agents, "coordinator"] },
          });
          const options = { attempt: 1, maxAttempts: 3 };
          expect(coordinatorPolicy(received, options)).toBe(coordinatorPolicy(origin, options));
        },
      ),
      { numRuns: 40 },
    );
  });
});
