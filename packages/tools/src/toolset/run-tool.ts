import { isToolOutcome, outcomeFromThrown, type ToolOutcome } from "@keel/errors";
import { isThenable } from "@keel/wire/internal";
import type { Tool, ToolContext } from "../types.js";
import { describeIssues, parseForModel } from "./describe-issues.js";
import { canceled, lastResort, notAnOutcome, outputMismatch, timedOut } from "./tool-outcomes.js";

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs a tool's handler on already-validated input and always resolves to an outcome: a throw becomes
 * `outcomeFromThrown`, a non-outcome return an unclassified INVALID_TOOL_RESULT, data failing the output
 * schema INVALID_TOOL_OUTPUT, `timeoutMs` a transient TOOL_TIMEOUT (the handler's signal is aborted).
 * If the caller's signal is already aborted the handler is not called (TOOL_ABORTED); if it aborts
 * while the handler runs, the call ends at once with TOOL_ABORTED and the handler's signal fires.
 */
export function runTool(tool: Tool, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  try {
    const callerSignal = context?.signal instanceof AbortSignal ? context.signal : NEVER_ABORTED;
    if (callerSignal.aborted) return Promise.resolve(canceled(tool, "before"));
    if (tool.timeoutMs === undefined) return passThrough(tool, input, context, callerSignal);
    return race(tool, input, context, callerSignal, tool.timeoutMs);
  } catch {
    return Promise.resolve(lastResort(tool?.name ?? "unknown"));
  }
}

/**
 * Without a time limit the handler's signal only has to fire when the caller's does, so the caller's
 * signal is handed over as it is: no controller, no timer. A handler that answers synchronously, or
 * whose promise has settled by the next microtask, is not raced at all; only a pending one gets an
 * abort listener, so a caller that aborts still never waits for it.
 */
async function passThrough(
  tool: Tool,
  input: unknown,
  context: ToolContext,
  callerSignal: AbortSignal,
): Promise<ToolOutcome> {
  try {
    const handlerContext = context?.signal === callerSignal ? context : { ...context, signal: callerSignal };
    let returned: unknown;
    try {
      returned = tool.handler(input, handlerContext);
      if (isThenable(returned)) {
        const settled = await settleUnlessAborted(returned, callerSignal);
        if (settled === ABORTED) return canceled(tool, "during");
        if (!settled.ok) throw settled.error;
        returned = settled.value;
      }
    } catch (error) {
      return callerSignal.aborted
        ? canceled(tool, "during")
        : outcomeFromThrown(error, { toolName: tool.name });
    }
    // As with a listener in place: a caller that aborted before the answer was taken gets TOOL_ABORTED.
    return callerSignal.aborted ? canceled(tool, "during") : checkReturned(tool, returned);
  } catch {
    return lastResort(tool.name);
  }
}

const ABORTED = Symbol("aborted");
type Settled =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

/** The promise's result, or ABORTED when the caller's signal fires first. */
async function settleUnlessAborted(
  returned: PromiseLike<unknown>,
  callerSignal: AbortSignal,
): Promise<Settled | typeof ABORTED> {
  let first: Settled | typeof ABORTED | undefined;
  let report: (() => void) | undefined;
  const end = (result: Settled | typeof ABORTED): void => {
    first ??= result;
    report?.();
  };
  Promise.resolve(returned).then(
    (value) => end({ ok: true, value }),
    (error: unknown) => end({ ok: false, error }),
  );
  await undefined;
  if (first !== undefined) return first;
  if (callerSignal.aborted) return ABORTED;
  const onAbort = (): void => end(ABORTED);
  // Always removed below, so no `{ once: true }` (which costs more than the listener itself).
  callerSignal.addEventListener("abort", onAbort);
  try {
    await new Promise<void>((resolve) => {
      report = resolve;
      if (first !== undefined) resolve();
    });
  } finally {
    callerSignal.removeEventListener("abort", onAbort);
  }
  return first ?? ABORTED;
}

/** The handler against its time limit and the caller's signal; the first to settle decides the outcome. */
function race(
  tool: Tool,
  input: unknown,
  context: ToolContext,
  callerSignal: AbortSignal,
  timeoutMs: number,
): Promise<ToolOutcome> {
  const controller = new AbortController();
  return new Promise<ToolOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: ToolOutcome, abortReason?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", onCallerAbort);
      if (abortReason !== undefined) controller.abort(abortReason);
      resolve(outcome);
    };
    const reason = new DOMException(`"${tool.name}" exceeded ${timeoutMs} ms`, "TimeoutError");
    const timer = setTimeout(() => finish(timedOut(tool), reason), timeoutMs);
    const onCallerAbort = (): void => finish(canceled(tool, "during"), callerSignal.reason ?? "aborted");
    callerSignal.addEventListener("abort", onCallerAbort, { once: true });
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
  return checkReturned(tool, returned);
}

/** What the handler returned, as the outcome that leaves the toolset. */
function checkReturned(tool: Tool, returned: unknown): ToolOutcome {
  if (!isToolOutcome(returned)) return notAnOutcome(tool.name);
  if (returned.kind !== "success" || tool.output === undefined) return returned;
  // Worded like an input check: the schema's own messages, Keel's phrasing for zod's (in any locale).
  const parsed = parseForModel(tool.output, returned.data);
  if (!parsed.success) return outputMismatch(tool.name, describeIssues(parsed.error.issues, returned.data));
  return { ...returned, data: parsed.data };
}
