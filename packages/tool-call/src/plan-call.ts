// The plan of one tool call, before anything runs: validate → authorize → the pre-hooks (composed by
// `runPreHooks` of @keel/hooks) → validate and authorize again what they changed.
import { type ErrorOutcome, permissionError, type ToolOutcome, unclassifiedError } from "@keel/errors";
import { type HookDecision, type PreToolDecision, runPreHooks } from "@keel/hooks";
import type { Tool, ToolCall } from "@keel/tools";
import type { HeldCall, ToolCallOptions } from "./tool-call-resolution.js";

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
