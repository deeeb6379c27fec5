// Composition of pre-tool hooks: the one place that decides what a list of pre-hooks means. It belongs to the
// hook model, not to the tool-call executor: `runPreHooks([composePreHooks([a, b]), c])` is a law about hooks,
// and an adopter testing a hook list needs it without a toolset.
import type { ToolCall } from "@keel/tools";
import { isPreToolDecision } from "./check-decision.js";
import { preHookFailed } from "./hook-failure.js";
import { checkHookList, nameOf } from "./hook-name.js";
import { isolateInput } from "./isolate-input.js";
import { effectiveTimeout, settleHook } from "./settle-hook.js";
import type { HookContext, PreToolDecision, PreToolHook } from "./types.js";

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
