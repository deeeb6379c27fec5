// The plan of one tool call, before anything runs: validate → authorize → the pre-hooks (run and composed here:
// the one place that decides what a list of pre-hooks means) → validate and authorize again what they changed.
import { type ErrorOutcome, permissionError, type ToolOutcome, unclassifiedError } from "@keel/errors";
import type { Tool, ToolCall } from "@keel/tools";
import { isPreToolDecision } from "../check-decision.js";
import { preHookFailed } from "../hook-failure.js";
import { checkHookList, nameOf } from "../hook-name.js";
import { isolateInput } from "../isolate-input.js";
import { effectiveTimeout, settleHook } from "../settle-hook.js";
import type { HookContext, PreToolDecision, PreToolHook } from "../types.js";
import type { HeldCall, HookDecision, ToolCallOptions } from "./tool-call-resolution.js";

/** What happens to one call before anything runs: an answer without running, or the tool and input to run. */
export type CallPlan =
  | {
      readonly run: false;
      readonly outcome: ToolOutcome;
      readonly decision: HookDecision | null;
      readonly hook?: string;
      readonly held?: HeldCall;
    }
  | {
      readonly run: true;
      readonly tool: Tool;
      readonly input: unknown;
      readonly decision: Exclude<HookDecision, "block" | "hold">;
      readonly hook?: string;
      readonly reason?: string;
    };

/**
 * validate → authorize → pre-hooks → validate and authorize again what a hook changed. A hook that turns
 * the call into an invalid one fails closed: nothing runs and the model is told not to repeat it (the
 * model's own input was fine). A redirect target does not pass through the pre-hooks again: a hook's
 * decision is final, and re-running could cycle.
 */
export async function planCall(call: ToolCall, options: ToolCallOptions): Promise<CallPlan> {
  const { toolset, preHooks = [], authorize } = options;
  const validation = toolset.validate(call);
  if (!validation.ok) return { run: false, outcome: validation.outcome, decision: null };
  const denied = authorize?.(validation.tool) ?? null;
  if (denied !== null) return { run: false, outcome: denied, decision: null };
  if (preHooks.length === 0) {
    return { run: true, tool: validation.tool, input: validation.input, decision: "allow" };
  }
  const checked: ToolCall = { id: call.id, name: validation.tool.name, input: validation.input };
  const decision = await runPreHooks(preHooks, checked, options.context);
  return planFromDecision(checked, validation, decision, options);
}

function planFromDecision(
  call: ToolCall,
  validation: { readonly tool: Tool; readonly input: unknown },
  decision: PreToolDecision,
  options: ToolCallOptions,
): CallPlan {
  const hook = decision.action !== "allow" && decision.hook !== undefined ? { hook: decision.hook } : {};
  switch (decision.action) {
    case "allow":
      return { run: true, tool: validation.tool, input: validation.input, decision: "allow" };
    case "hold": {
      if (options.approved === true) {
        return { run: true, tool: validation.tool, input: validation.input, decision: "allow" };
      }
      const held: HeldCall = {
        reason: decision.reason,
        ...(decision.approver === undefined ? {} : { approver: decision.approver }),
      };
      return { run: false, outcome: approvalRequired(call.name, held), decision: "hold", held, ...hook };
    }
    case "block":
      return { run: false, outcome: decision.error, decision: "block", ...hook };
    case "rewrite":
    case "redirect": {
      const target = decision.action === "redirect" ? decision.tool : call.name;
      const changed = options.toolset.validate({ id: call.id, name: target, input: decision.input });
      if (!changed.ok) {
        const outcome = invalidHookCall(decision.hook, target, changed.outcome);
        return { run: false, outcome, decision: decision.action, ...hook };
      }
      const denied: ErrorOutcome | null = options.authorize?.(changed.tool) ?? null;
      if (denied !== null) return { run: false, outcome: denied, decision: decision.action, ...hook };
      return {
        run: true,
        tool: changed.tool,
        input: changed.input,
        decision: decision.action,
        reason: decision.reason,
        ...hook,
      };
    }
  }
}

/** The answer to a held call for a caller that cannot pause (e.g. an MCP client): nothing ran. */
function approvalRequired(tool: string, held: HeldCall): ErrorOutcome {
  const who = held.approver === undefined ? "a person" : `a person (${held.approver})`;
  return permissionError(
    "APPROVAL_REQUIRED",
    `"${tool}" was NOT run: ${held.reason}. It needs approval by ${who} first. Do not retry it; ` +
      "tell the user the request is waiting for approval.",
    {
      details: {
        tool,
        reason: held.reason,
        ...(held.approver === undefined ? {} : { approver: held.approver }),
      },
    },
  );
}

function invalidHookCall(hook: string | undefined, tool: string, outcome: ToolOutcome): ToolOutcome {
  return unclassifiedError(
    "HOOK_INVALID_CALL",
    `A policy hook changed this call into an invalid call of "${tool}", so nothing ran. ` +
      "Do not repeat the call; tell the user this action could not be completed.",
    {
      details: {
        tool,
        ...(hook === undefined ? {} : { hook }),
        ...(outcome.kind === "success" ? {} : { reason: outcome.code }),
      },
    },
  );
}

/** Hooks made by `composePreHooks`: their decisions already name the inner hook that decided. */
const composites = new WeakSet<PreToolHook>();

interface Decider {
  readonly hook: string;
  readonly reason: string;
}

/**
 * Runs pre-tool hooks in array order and composes their decisions. Nothing a hook does makes it throw;
 * only a `hooks` argument that is not an array does (HookConfigError).
 *
 * - Each hook sees the call as left by the hooks before it: a rewrite replaces the input, a redirect
 *   replaces the tool and the input (the id never changes). Hooks are not re-run after a redirect, so
 *   hooks meant for the redirect target must come after the redirecting hook.
 * - The most restrictive decision wins: block > hold > redirect > rewrite > allow. The first block stops the
 *   chain (nothing can outrank it). Otherwise the result is the first hold if any hook held (later hooks
 *   still run, so a later block wins), else a redirect if any hook redirected, else a rewrite if any hook
 *   rewrote, else allow; its tool and input are the final ones, and `hook`/`reason` are those of the last
 *   hook that made a decision of the winning kind.
 * - A hook that throws, times out, is aborted or returns anything but a valid decision fails closed:
 *   a block with the unclassified error `HOOK_FAILED` naming that hook.
 *
 * Inputs handed to hooks and returned in decisions are deep-frozen copies.
 */
export async function runPreHooks(
  hooks: readonly PreToolHook[],
  call: ToolCall,
  context: HookContext,
): Promise<PreToolDecision> {
  checkHookList(hooks, "runPreHooks");
  let current: ToolCall = { id: call.id, name: call.name, input: isolateInput(call.input) };
  let redirect: Decider | undefined;
  let rewrite: Decider | undefined;
  let hold: Extract<PreToolDecision, { action: "hold" }> | undefined;
  for (let index = 0; index < hooks.length; index += 1) {
    const hook = hooks[index] as PreToolHook;
    const seen = current;
    const timeoutMs = effectiveTimeout(hook ?? {});
    const pending = settleHook<unknown>(timeoutMs, context, (hookContext) => hook.decide(seen, hookContext));
    // A hook that answered synchronously is not awaited: no extra turn of the microtask queue.
    const settled = pending instanceof Promise ? await pending : pending;
    if (!settled.ok || !isPreToolDecision(settled.value)) {
      const failure = settled.ok ? "invalid_result" : settled.failure;
      const hookName = nameOf(hook, index);
      const error = preHookFailed({ hookName, toolName: seen.name, failure, timeoutMs });
      return { action: "block", error, hook: hookName };
    }
    const decision = settled.value;
    if (decision.action === "allow") continue;
    const decider = { hook: deciderOf(hook, decision, nameOf(hook, index)), reason: reasonOf(decision) };
    switch (decision.action) {
      case "block":
        return { action: "block", error: decision.error, hook: decider.hook };
      case "hold":
        hold ??= {
          action: "hold",
          reason: decision.reason,
          hook: decider.hook,
          ...(decision.approver === undefined ? {} : { approver: decision.approver }),
        };
        // A composed hook's hold carries the call as its members left it: later hooks see that call.
        if (decision.tool !== undefined) {
          current = { id: call.id, name: decision.tool, input: isolateInput(decision.input) };
        }
        break;
      case "redirect":
        current = { id: call.id, name: decision.tool, input: isolateInput(decision.input) };
        redirect = decider;
        break;
      case "rewrite":
        current = { ...current, input: isolateInput(decision.input) };
        rewrite = decider;
        break;
    }
  }
  if (hold) return { ...hold, tool: current.name, input: current.input };
  if (redirect) return { action: "redirect", tool: current.name, input: current.input, ...redirect };
  if (rewrite) return { action: "rewrite", input: current.input, ...rewrite };
  return { action: "allow" };
}

/**
 * Turns a list of hooks into one hook with exactly the semantics of `runPreHooks`, so
 * `runPreHooks([composePreHooks([a, b]), c])` decides like `runPreHooks([a, b, c])`.
 * Its decisions name the inner hook that decided; its time limit is (a little over) the sum of the
 * inner limits.
 */
export function composePreHooks(hooks: readonly PreToolHook[]): PreToolHook {
  checkHookList(hooks, "composePreHooks");
  const members: readonly PreToolHook[] = [...hooks];
  // A little slack per member, so an inner hook's own timeout (naming that hook) fires first.
  const totalTimeoutMs = members.reduce((total, hook) => total + effectiveTimeout(hook ?? {}) + 50, 0);
  const composite: PreToolHook = {
    name: `composed(${members.map(nameOf).join(", ")})`,
    ...(totalTimeoutMs > 0 ? { timeoutMs: Math.min(totalTimeoutMs, 2_147_483_647) } : {}),
    decide: (call, context) => runPreHooks(members, call, context),
  };
  composites.add(composite);
  return Object.freeze(composite);
}

function deciderOf(hook: PreToolHook, decision: PreToolDecision, hookName: string): string {
  if (composites.has(hook) && decision.action !== "allow" && typeof decision.hook === "string") {
    return decision.hook;
  }
  return hookName;
}

function reasonOf(decision: PreToolDecision): string {
  return decision.action === "redirect" || decision.action === "rewrite" ? decision.reason : "";
}
