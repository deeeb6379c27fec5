import { type ToolOutcome, unclassifiedError } from "@keel/errors";
import { type HookContext, type PreToolDecision, type PreToolHook, runPreHooks } from "@keel/hooks";
import type { Tool, ToolCall, Toolset } from "@keel/tools";
import type { ToolCallDecision } from "./run-result.js";

/** What happens to one call before anything runs: an answer without running, or the tool and input to run. */
export type CallPlan =
  | {
      readonly run: false;
      readonly outcome: ToolOutcome;
      readonly decision: ToolCallDecision;
      readonly hook?: string;
    }
  | {
      readonly run: true;
      readonly tool: Tool;
      readonly input: unknown;
      readonly decision: Exclude<ToolCallDecision, "block" | null>;
      readonly hook?: string;
    };

const hookField = (hook: string | undefined) => (hook === undefined ? {} : { hook });

/**
 * validate → pre-hooks; synchronous when no hook has to run (one await less per call). A rewrite is validated again; a redirect is validated against its target tool. A
 * hook that produces an invalid call fails closed: nothing runs, and the model is told not to repeat it.
 * A redirect target does not pass through the pre-hooks again (a hook's decision is final; re-running could cycle).
 */
export function planCall(
  call: ToolCall,
  toolset: Toolset,
  preHooks: readonly PreToolHook[],
  context: () => HookContext,
): CallPlan | Promise<CallPlan> {
  const validation = toolset.validate(call);
  if (!validation.ok) return { run: false, outcome: validation.outcome, decision: null };
  if (preHooks.length === 0) {
    return { run: true, tool: validation.tool, input: validation.input, decision: "allow" };
  }
  return runPreHooks(preHooks, { ...call, input: validation.input }, context()).then((decision) =>
    planFromDecision(call, toolset, validation, decision),
  );
}

function planFromDecision(
  call: ToolCall,
  toolset: Toolset,
  validation: { readonly tool: Tool; readonly input: unknown },
  decision: PreToolDecision,
): CallPlan {
  switch (decision.action) {
    case "allow":
      return { run: true, tool: validation.tool, input: validation.input, decision: "allow" };
    case "block":
      return { run: false, outcome: decision.error, decision: "block", ...hookField(decision.hook) };
    case "rewrite":
    case "redirect": {
      const target = decision.action === "redirect" ? decision.tool : call.name;
      const changed = toolset.validate({ id: call.id, name: target, input: decision.input });
      if (changed.ok) {
        return {
          run: true,
          tool: changed.tool,
          input: changed.input,
          decision: decision.action,
          ...hookField(decision.hook),
        };
      }
      return {
        run: false,
        outcome: invalidHookCall(decision.hook, target, changed.outcome),
        decision: decision.action,
        ...hookField(decision.hook),
      };
    }
  }
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
