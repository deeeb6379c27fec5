import { outcomeFromThrown, type ToolOutcome, transientError } from "@keel/errors";
import { redirectedOutcome } from "@keel/errors/internal";
import { runPostHooks } from "@keel/hooks";
import type { Tool, ToolCall, ToolContext } from "@keel/tools";
import { canonicalJson } from "@keel/tools/internal";
import { idempotencyKey } from "./idempotency-key.js";
import { claimKey, recordsOfToolset } from "./idempotency-records.js";
import { type CallPlan, planCall } from "./plan-call.js";
import { runWithRetries } from "./run-with-retries.js";
import type { ToolCallOptions, ToolCallResolution } from "./tool-call-resolution.js";

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
type Execution = Pick<ToolCallResolution, "outcome" | "attempts" | "reused" | "reusable"> & {
  /** False when the plan said run but the caller's idempotency key was refused: nothing ran. */
  readonly ran?: false;
};

/**
 * The one path of a tool call, for every caller (the agent loop, the MCP server, a resumed run):
 * validate → authorize → pre-hooks → validate again what a hook changed → run (idempotency key for writes,
 * the tool's timeout, transient retries) → post-hooks → the outcome the model sees. Never rejects: every
 * failure, a throwing dependency included, ends as an outcome.
 */
export async function resolveToolCall(call: ToolCall, options: ToolCallOptions): Promise<ToolCallResolution> {
  const clock = options.clock ?? performance.now.bind(performance);
  const startedAt = clock();
  let plan: CallPlan | undefined;
  let execution: Execution;
  try {
    if (options.context.signal.aborted) {
      execution = notRun();
    } else {
      plan = await planCall(call, options);
      execution = plan.run ? await runPlanned(call, plan, options) : fixed(plan.outcome);
    }
  } catch (error) {
    // Only a broken dependency gets here: the toolset and the hook runners promise not to throw.
    execution = fixed(outcomeFromThrown(error, { toolName: call.name }));
  }
  return resolution(call, plan, execution, clock() - startedAt);
}

const fixed = (outcome: ToolOutcome): Execution => ({ outcome, attempts: 0, reused: false });

const notRun = (): Execution =>
  fixed(transientError("RUN_ABORTED", "The run was aborted before this call ran; nothing was executed."));

const reuseKeyOf = (tool: Tool, input: unknown): string | undefined =>
  tool.reuse === true && (tool.callEffect?.(input) ?? tool.effect) === "read"
    ? `${tool.name}\u0000${canonicalJson(input)}`
    : undefined;

async function runPlanned(
  call: ToolCall,
  plan: Extract<CallPlan, { run: true }>,
  options: ToolCallOptions,
): Promise<Execution> {
  const { tool, input } = plan;
  let key: string | undefined;
  // A tool whose effect depends on the call (the memory tool's view reads) keys only its writes.
  if ((tool.callEffect?.(input) ?? tool.effect) === "write") {
    const { runId } = options.context;
    const chosen = options.idempotencyKey?.(tool, input) ?? idempotencyKey(runId, tool.name, input);
    if (typeof chosen !== "string") return { ...fixed(chosen), ran: false };
    // The key is bound to this request before anything runs: a key reused for other input is refused.
    const records = options.idempotencyRecords ?? recordsOfToolset(options.toolset);
    const refused = await claimKey(records, chosen, tool.name, input);
    if (refused !== undefined) return { ...fixed(refused), ran: false };
    key = chosen;
  }
  const executed = await execute(call, tool, input, key, options);
  let outcome = executed.outcome;
  const postHooks = options.postHooks ?? [];
  if (postHooks.length > 0) {
    outcome = await runPostHooks(
      postHooks,
      { id: call.id, name: tool.name, input },
      outcome,
      options.context,
    );
  }
  if (plan.decision === "redirect") {
    outcome = redirectedOutcome(outcome, {
      requested: call.name,
      executed: tool.name,
      reason: plan.reason ?? "",
    });
  }
  return { ...executed, outcome };
}

async function execute(
  call: ToolCall,
  tool: Tool,
  input: unknown,
  key: string | undefined,
  options: ToolCallOptions,
): Promise<Execution> {
  const reuseKey = reuseKeyOf(tool, input);
  const earlier = reuseKey === undefined ? undefined : options.reuse?.get(reuseKey);
  if (earlier !== undefined) return { outcome: earlier, attempts: 0, reused: true };
  const { context } = options;
  const toolContext: ToolContext = {
    signal: context.signal,
    toolUseId: call.id,
    runId: context.runId,
    iteration: context.iteration,
    metadata: context.metadata,
    ...(key === undefined ? {} : { idempotencyKey: key }),
    ...(options.approved === true ? { approved: true } : {}),
  };
  const { outcome, attempts } = await runWithRetries(
    options.toolset,
    tool,
    input,
    toolContext,
    options.retry,
    options.onRetry,
  );
  const reusable = reuseKey !== undefined && !outcome.isError;
  return { outcome, attempts, reused: false, ...(reusable ? { reusable: { key: reuseKey, outcome } } : {}) };
}

function resolution(
  call: ToolCall,
  plan: CallPlan | undefined,
  execution: Execution,
  durationMs: number,
): ToolCallResolution {
  const result: Mutable<ToolCallResolution> = {
    outcome: execution.outcome,
    requested: call,
    executed:
      plan?.run && execution.ran !== false ? { id: call.id, name: plan.tool.name, input: plan.input } : null,
    decision: plan?.decision ?? null,
    attempts: execution.attempts,
    reused: execution.reused,
    durationMs,
  };
  // Optional fields are set only when present (exactOptionalPropertyTypes; no undefined in the JSON).
  if (plan?.hook !== undefined) result.hook = plan.hook;
  if (plan?.run && plan.reason !== undefined) result.reason = plan.reason;
  if (plan !== undefined && !plan.run && plan.held !== undefined) result.held = plan.held;
  if (execution.reusable !== undefined) result.reusable = execution.reusable;
  return result;
}
