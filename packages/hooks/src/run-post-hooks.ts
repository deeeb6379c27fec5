import { isToolOutcome, type ToolOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import { postHookFailed } from "./hook-failure.js";
import { checkHookList, nameOf } from "./hook-name.js";
import { effectiveTimeout, settleHook } from "./settle-hook.js";
import type { HookContext, PostToolHook } from "./types.js";

/**
 * Passes an outcome through post-tool hooks in array order (each gets the previous one's output) and
 * returns what enters the history; `call.name` should be the tool that actually ran. Nothing a hook
 * does makes it throw; only a `hooks` argument that is not an array does (HookConfigError).
 *
 * A hook that throws, times out, is aborted or returns something that is not a tool outcome fails
 * closed: the result is replaced by the unclassified error `HOOK_FAILED` naming that hook, and later
 * hooks do not run, so data a filter never saw cannot reach the model.
 */
export async function runPostHooks(
  hooks: readonly PostToolHook[],
  call: ToolCall,
  outcome: ToolOutcome,
  context: HookContext,
): Promise<ToolOutcome> {
  checkHookList(hooks, "runPostHooks");
  let current = outcome;
  for (let index = 0; index < hooks.length; index += 1) {
    const hook = hooks[index] as PostToolHook;
    const timeoutMs = effectiveTimeout(hook ?? {});
    const seen = current;
    const pending = settleHook<unknown>(timeoutMs, context, (hookContext) =>
      hook.transform(call, seen, hookContext),
    );
    // A hook that answered synchronously is not awaited: no extra turn of the microtask queue.
    const settled = pending instanceof Promise ? await pending : pending;
    if (!settled.ok || !isToolOutcome(settled.value)) {
      const failure = settled.ok ? "invalid_result" : settled.failure;
      return postHookFailed({ hookName: nameOf(hook, index), toolName: call.name, failure, timeoutMs });
    }
    current = settled.value;
  }
  return current;
}
