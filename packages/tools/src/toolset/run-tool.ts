import { isToolOutcome, outcomeFromThrown, type ToolOutcome } from "@keel/errors";
import type { Tool, ToolContext } from "../types.js";
import { describeIssues } from "./describe-issues.js";
import { cancelled, lastResort, notAnOutcome, outputMismatch, timedOut } from "./tool-outcomes.js";

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs a tool's handler on already-validated input and always resolves to an outcome: a throw becomes
 * `outcomeFromThrown`, a non-outcome return an unclassified INVALID_TOOL_RESULT, data failing the output
 * schema INVALID_TOOL_OUTPUT, `timeoutMs` a transient TOOL_TIMEOUT (the handler's signal is aborted).
 * If the caller's signal is already aborted the handler is not called (TOOL_ABORTED).
 */
export function runTool(tool: Tool, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  try {
    const callerSignal = context?.signal instanceof AbortSignal ? context.signal : NEVER_ABORTED;
    if (callerSignal.aborted) return Promise.resolve(cancelled(tool, "before"));
    return race(tool, input, context, callerSignal);
  } catch {
    return Promise.resolve(lastResort(tool?.name ?? "unknown"));
  }
}

function race(
  tool: Tool,
  input: unknown,
  context: ToolContext,
  callerSignal: AbortSignal,
): Promise<ToolOutcome> {
  const controller = new AbortController();
  return new Promise<ToolOutcome>((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: ToolOutcome, abortReason?: unknown): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      callerSignal.removeEventListener("abort", onCallerAbort);
      if (abortReason !== undefined) controller.abort(abortReason);
      resolve(outcome);
    };
    const onCallerAbort = (): void => finish(cancelled(tool, "during"), callerSignal.reason ?? "aborted");
    callerSignal.addEventListener("abort", onCallerAbort, { once: true });
    if (tool.timeoutMs !== undefined) {
      const reason = new DOMException(`"${tool.name}" exceeded ${tool.timeoutMs} ms`, "TimeoutError");
      timer = setTimeout(() => finish(timedOut(tool), reason), tool.timeoutMs);
    }
    invoke(tool, input, { ...context, signal: controller.signal }).then(finish, () =>
      finish(lastResort(tool.name)),
    );
  });
}

async function invoke(tool: Tool, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  let returned: unknown;
  try {
    returned = await tool.handler(input, context);
  } catch (error) {
    return outcomeFromThrown(error, { toolName: tool.name });
  }
  if (!isToolOutcome(returned)) return notAnOutcome(tool.name);
  if (returned.kind !== "success" || tool.output === undefined) return returned;
  const parsed = tool.output.safeParse(returned.data);
  if (!parsed.success) return outputMismatch(tool.name, describeIssues(parsed.error.issues, returned.data));
  return { ...returned, data: parsed.data };
}
