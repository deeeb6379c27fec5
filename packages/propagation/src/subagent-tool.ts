import { outcomeFromThrown, type ToolOutcome } from "@keel/errors";
import { type RunOptions, runAgent } from "@keel/loop";
import { defineTool, type Tool, type ToolContext, type ToolDescription, type ToolEffect } from "@keel/tools";
import type { z } from "zod/v4";
import { budgetMetadata, childSignal, inheritedBudget } from "./budget.js";
import { failureFromOutcome, outcomeFromFailure } from "./failure-outcome.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { type ReportOptions, reportFromRun } from "./report-from-run.js";
import { outcomeFromReport } from "./report-outcome.js";
import { ABORTED, DEADLINE_EXCEEDED, type UnplacedFailure } from "./run-status-failures.js";
import type { Budget, SubagentReport, SubagentRun } from "./types.js";

/** runAgent's own default, used when the child's options set no maxIterations. */
const DEFAULT_MAX_ITERATIONS = 10;

/**
 * The child agent: either `run`, which runs it yourself (honour `budget.iterationsLeft` and
 * `budget.signal`), or `options`, which returns runAgent options and lets the tool apply the budget.
 */
export type SubagentAgent<I> =
  | {
      /** Its name in failure paths; default: the tool name. */
      readonly name?: string;
      readonly run: (input: I, budget: Budget, context: ToolContext) => SubagentRun | Promise<SubagentRun>;
    }
  | {
      readonly name?: string;
      readonly options: (input: I, budget: Budget, context: ToolContext) => RunOptions | Promise<RunOptions>;
    };

export interface SubagentToolSpec<I extends z.ZodType> {
  readonly name: string;
  readonly description: ToolDescription | string;
  readonly input: I;
  readonly agent: SubagentAgent<z.output<I>>;
  /** Default "write": one at a time, never started while the coordinator's response streams. Use "read" for a child with only read tools. */
  readonly effect?: ToolEffect | undefined;
  /** For a write child whose own writes honour idempotency keys: a timed-out call stays retryable. */
  readonly idempotent?: boolean | undefined;
  /** The coordinator's limit for the whole child run (transient TOOL_TIMEOUT; the child is aborted). */
  readonly timeoutMs?: number | undefined;
  /** How the child's run becomes its report (e.g. which data it carries). */
  readonly report?: ReportOptions | undefined;
  /** Epoch-millisecond clock for the inherited deadline. Default Date.now. */
  readonly now?: (() => number) | undefined;
}

function placed(failure: UnplacedFailure, agent: string): SubagentReport {
  return { agent, text: "", status: "failed", failure: { ...failure, tool: null, path: [agent] } };
}

async function runWithOptions(
  factory: (budget: Budget) => RunOptions | Promise<RunOptions>,
  budget: Budget,
  context: ToolContext,
  effect: ToolEffect,
): Promise<SubagentRun> {
  const options = await factory(budget);
  const maxIterations = Math.max(
    1,
    Math.min(options.maxIterations ?? DEFAULT_MAX_ITERATIONS, budget.iterationsLeft),
  );
  const signal =
    options.signal === undefined ? budget.signal : AbortSignal.any([budget.signal, options.signal]);
  const { idempotencyKey } = context;
  return runAgent({
    // A write child's run id comes from the coordinator's idempotency key, so when the coordinator
    // retries this call the child's own writes get the same keys and are not done twice.
    ...(effect === "write" && idempotencyKey !== undefined
      ? { idGenerator: () => `subagent-${idempotencyKey}` }
      : {}),
    ...options,
    maxIterations,
    signal,
    metadata: {
      ...options.metadata,
      ...budgetMetadata(
        budget.deadline === undefined ? { maxIterations } : { maxIterations, deadline: budget.deadline },
      ),
    },
  });
}

/**
 * Offers a subagent to a coordinator as a Keel tool. The child inherits the caller's budget (announced
 * with `budgetMetadata` in the coordinator's runAgent metadata, plus `ToolContext.signal`): at most the
 * rounds left, the deadline (transient SUBAGENT_DEADLINE_EXCEEDED) and abort. Its failure comes back
 * as an error outcome with category, code and retryable unchanged and `details: { tool, path }`.
 */
export function subagentTool<I extends z.ZodType>(spec: SubagentToolSpec<I>): Tool<I> {
  const agent = spec.agent;
  if (typeof agent !== "object" || agent === null || !("run" in agent || "options" in agent)) {
    throw new PropagationConfigError(
      `subagentTool "${spec.name}": agent needs a run() or an options() function.`,
    );
  }
  const agentName = agent.name ?? spec.name;
  const effect = spec.effect ?? "write";
  const now = spec.now ?? Date.now;

  const handler = async (input: z.output<I>, context: ToolContext): Promise<ToolOutcome> => {
    const inherited = inheritedBudget(context);
    if (context.signal.aborted) return outcomeFromReport(placed(ABORTED, agentName));
    if (inherited.deadline !== undefined && inherited.deadline <= now()) {
      return outcomeFromReport(placed(DEADLINE_EXCEEDED, agentName));
    }
    const guard = childSignal(context.signal, inherited.deadline, now);
    const budget: Budget = { ...inherited, signal: guard.signal };
    try {
      const run =
        "run" in agent
          ? await agent.run(input, budget, context)
          : await runWithOptions((given) => agent.options(input, given, context), budget, context, effect);
      const report = reportFromRun(agentName, run, spec.report);
      const stoppedByDeadline =
        report.status === "failed" && run.status === "aborted" && guard.deadlinePassed();
      return outcomeFromReport(
        stoppedByDeadline ? { ...placed(DEADLINE_EXCEEDED, agentName), text: run.text } : report,
      );
    } catch (error) {
      // A runner that rejects because its signal aborted was stopped, not broken.
      if (guard.signal.aborted) {
        return outcomeFromReport(placed(guard.deadlinePassed() ? DEADLINE_EXCEEDED : ABORTED, agentName));
      }
      const outcome = outcomeFromThrown(error, { toolName: spec.name });
      return outcomeFromFailure(failureFromOutcome(outcome, { agent: agentName, tool: null }));
    } finally {
      guard.dispose();
    }
  };

  return defineTool({
    name: spec.name,
    description: spec.description,
    input: spec.input,
    effect,
    ...(spec.timeoutMs === undefined ? {} : { timeoutMs: spec.timeoutMs }),
    ...(spec.idempotent === undefined ? {} : { idempotent: spec.idempotent }),
    handler,
  });
}
