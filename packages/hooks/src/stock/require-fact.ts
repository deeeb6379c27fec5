import { type ErrorOutcome, isToolOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import { definePreHook, type HookOptions } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { CompletedCall, HookContext, PreToolHook } from "../types.js";

export interface RequireFactOptions extends HookOptions {
  /** The tool (or tools) that need the fact; calls to other tools are allowed untouched. */
  readonly tool: string | readonly string[];
  /**
   * Whether the run's earlier outcomes establish the fact for this call, e.g. "a get_customer_* call
   * succeeded with the customer_id this refund names". Only `true` allows; a throw fails closed.
   */
  readonly fact: (history: readonly CompletedCall[], call: ToolCall) => boolean | Promise<boolean>;
  /** The block error when the fact is not established (or a function building it from the call). */
  readonly error: ErrorOutcome | ((call: ToolCall, context: HookContext) => ErrorOutcome);
  /** Defaults to "require-fact:<tool>". */
  readonly name?: string | undefined;
}

/**
 * Blocks calls of `tool` unless `fact(history, call)` returns exactly `true`. History is every earlier
 * call of the run with the outcome that entered the history (after redirects and post hooks), so a
 * fact can only be established by something the run actually did.
 */
export function requireFact(options: RequireFactOptions): PreToolHook {
  const tools: readonly string[] =
    typeof options.tool === "string" ? [options.tool] : [...(options.tool ?? [])];
  const { fact, error } = options;
  if (tools.length === 0 || tools.some((tool) => typeof tool !== "string" || tool === "")) {
    throw invalid("tool must be a tool name or a non-empty list of them.");
  }
  if (typeof fact !== "function") throw invalid("fact must be a function (history, call) => boolean.");
  if (typeof error !== "function" && !(isToolOutcome(error) && error.kind === "error")) {
    throw invalid("error must be an error outcome (e.g. businessError(...)) or a function returning one.");
  }
  const name = options.name ?? `require-fact:${tools.join(",")}`;
  const hookOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  return definePreHook(
    name,
    async (call, context) => {
      if (!tools.includes(call.name)) return { action: "allow" };
      if ((await fact(context.history, call)) === true) return { action: "allow" };
      return { action: "block", error: typeof error === "function" ? error(call, context) : error };
    },
    hookOptions,
  );
}

function invalid(message: string): HookConfigError {
  return new HookConfigError("INVALID_HOOK_OPTIONS", `requireFact: ${message}`);
}
