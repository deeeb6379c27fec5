import { type ToolOutcome, transientError } from "@keel/errors";
import { type RunOptions, type RunResult, runAgent, ScriptedClient, type ScriptStep } from "@keel/loop";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import { z } from "zod";
import { budgetMetadata } from "./budget.js";
import { type SubagentToolSpec, subagentTool } from "./subagent-tool.js";
import type { Budget, SubagentRun } from "./types.js";

export const MODEL = "claude-test";

export const toolUse = (id: string, name: string, input: Record<string, unknown> = {}): ScriptStep => ({
  content: [{ type: "tool_use", id, name, input }],
  stop_reason: "tool_use",
});

export const answer = (text: string): ScriptStep => ({
  content: [{ type: "text", text }],
  stop_reason: "end_turn",
});

/** A scripted model: calls `tool` once (when given), then answers `text`. */
export function callsThenAnswers(
  tool: string | undefined,
  text: string,
  input: Record<string, unknown> = {},
) {
  return new ScriptedClient(
    tool === undefined ? [answer(text)] : [toolUse("toolu_1", tool, input), answer(text)],
  );
}

/** A scripted model: calls `tool` once per input, a round each, then answers "done". */
export function callsEachThenAnswers(tool: string, inputs: readonly Record<string, unknown>[]) {
  return new ScriptedClient([
    ...inputs.map((input, index) => toolUse(`toolu_${index + 1}`, tool, input)),
    answer("done"),
  ]);
}

/** A test double of the support desk's resolve_cap_basis with a fixed outcome. */
export function capBasisTool(outcome: () => ToolOutcome): Tool {
  return defineTool({
    name: "resolve_cap_basis",
    description: "Resolves the fee basis of a formula cap for an account.",
    input: z.object({ account_id: z.string() }),
    effect: "read",
    handler: () => outcome(),
  });
}

export const feeServiceDown = (): ToolOutcome =>
  transientError("FEE_SERVICE_UNREACHABLE", "The fee service did not answer; the basis is unknown.");

/** A read tool that waits until its signal aborts, reporting the abort to `seen`. */
export function waitsForAbort(seen: { aborted: boolean }, onStart: () => void = () => {}): Tool {
  return defineTool({
    name: "slow_lookup",
    description: "Looks something up slowly.",
    input: z.object({}),
    effect: "read",
    handler: (_input: unknown, context: ToolContext) =>
      new Promise<ToolOutcome>((resolve) => {
        onStart();
        context.signal.addEventListener("abort", () => {
          seen.aborted = true;
          resolve(transientError("LOOKUP_ABORTED", "Stopped."));
        });
      }),
  });
}

/** Options shared by every test run: no automatic retries, so each call runs once. */
export const noRetries: Pick<RunOptions, "retry"> = { retry: { maxAttempts: 1 } };

export const question = z.object({ question: z.string() });

/** What the tests vary of a subagent tool; it is named `ask_<agent>` and takes a `question`. */
type AskSpec = Pick<SubagentToolSpec<typeof question>, "effect" | "timeoutMs" | "now">;

/** A subagent tool `ask_<agent>` whose child is run by hand with `run` instead of runAgent. */
export function askRunner(
  agent: string,
  run: (budget: Budget) => SubagentRun | Promise<SubagentRun>,
  spec: AskSpec = {},
): Tool {
  return subagentTool({
    name: `ask_${agent}`,
    description: `Asks the ${agent} agent.`,
    input: question,
    agent: { name: agent, run: (_input, budget) => run(budget) },
    ...spec,
  });
}

/**
 * A subagent tool `ask_<agent>` whose child calls `tool` once, then answers `answers`. The child passes
 * `toolInput` to `tool`, by default the question it was asked; it runs with `noRetries`.
 */
export function askAgent(
  spec: AskSpec & {
    readonly agent: string;
    readonly tool: Tool;
    readonly answers: string;
    readonly toolInput?: Record<string, unknown>;
    readonly maxIterations?: number;
  },
): Tool {
  const { agent, tool, answers, toolInput, maxIterations, ...toolSpec } = spec;
  return subagentTool({
    name: `ask_${agent}`,
    description: `Asks the ${agent} agent.`,
    input: question,
    agent: {
      name: agent,
      options: ({ question: prompt }) => ({
        client: callsThenAnswers(tool.name, answers, toolInput ?? { question: prompt }),
        model: MODEL,
        tools: [tool],
        prompt,
        ...(maxIterations === undefined ? {} : { maxIterations }),
        ...noRetries,
      }),
    },
    ...toolSpec,
  });
}

/** `ask_slow`: its child calls `waitsForAbort(seen, onStart)` and so runs until it is aborted. */
export function askSlowAgent(
  seen: { aborted: boolean },
  options: AskSpec & { readonly onStart?: () => void } = {},
): Tool {
  const { onStart, ...spec } = options;
  return askAgent({
    agent: "slow",
    tool: waitsForAbort(seen, onStart),
    toolInput: {},
    answers: "never",
    ...spec,
  });
}

/** Runs a coordinator that calls `tool` once and announces its budget to it. */
export async function coordinate(
  tool: Tool,
  options: { maxIterations?: number; deadline?: number; signal?: AbortSignal } = {},
): Promise<RunResult> {
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

export const firstOutcome = (result: RunResult): ToolOutcome => {
  const outcome = result.toolCalls[0]?.outcome;
  if (outcome === undefined) throw new Error("the coordinator made no tool call");
  return outcome;
};
