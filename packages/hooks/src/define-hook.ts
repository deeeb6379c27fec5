import type { ToolOutcome } from "@keel/errors";
import type { Tool, ToolCall } from "@keel/tools";
import { HookConfigError } from "./hook-config-error.js";
import type { HookContext, PostToolHook, PreToolDecision, PreToolHook } from "./types.js";

/** Options shared by every hook. */
export interface HookOptions {
  /**
   * Milliseconds the hook may take before it fails closed (default 5000). Only asynchronous work can be
   * cut off: a synchronous hook that never returns blocks the event loop, so keep hooks cheap.
   */
  readonly timeoutMs?: number | undefined;
}

/** The largest delay `setTimeout` honours; above it Node fires immediately. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * A call of one tool, its input typed as the tool's handler receives it: for a `defineTool` tool, `z.output`
 * of its input schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its schemas; the input type is read from it.
export type ToolCallOf<TTool extends Tool<any, any>> = ToolCall & {
  readonly input: Parameters<TTool["handler"]>[0];
};

/** A pre-tool hook that guards one tool: `decide` sees only that tool's calls, typed by its schema. */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its schemas; the input type is read from it.
export interface ToolPreHookSpec<TTool extends Tool<any, any>> extends HookOptions {
  readonly name: string;
  /** The tool guarded; calls of other tools are allowed without calling `decide`. */
  readonly tool: TTool;
  readonly decide: (
    call: ToolCallOf<TTool>,
    context: HookContext,
  ) => PreToolDecision | Promise<PreToolDecision>;
}

/** A post-tool hook for one tool: `transform` sees only outcomes of that tool, the call typed by its schema. */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its schemas; the input type is read from it.
export interface ToolPostHookSpec<TTool extends Tool<any, any>> extends HookOptions {
  readonly name: string;
  /** The tool whose outcomes are transformed; other outcomes pass untouched. */
  readonly tool: TTool;
  readonly transform: (
    call: ToolCallOf<TTool>,
    outcome: ToolOutcome,
    context: HookContext,
  ) => ToolOutcome | Promise<ToolOutcome>;
}

const ALLOW: PreToolDecision = Object.freeze({ action: "allow" });

/**
 * Defines a pre-tool hook. `decide` runs before the tool, on the validated call; what it returns is
 * composed with the other hooks by `runPreHooks` (most restrictive wins, failures block).
 * Throws `HookConfigError` on an empty name, a missing function or a bad timeout.
 *
 * Given `{ name, tool, decide }`, the hook guards that one tool: `decide` is called only for its calls, with
 * `call.input` typed by the tool's schema (the validated input; after an earlier hook's rewrite or redirect,
 * the input that hook gave, which is validated again before anything runs).
 */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its schemas; the input type is read from it.
export function definePreHook<TTool extends Tool<any, any>>(spec: ToolPreHookSpec<TTool>): PreToolHook;
export function definePreHook(
  name: string,
  decide: PreToolHook["decide"],
  options?: HookOptions,
): PreToolHook;
export function definePreHook(
  // biome-ignore lint/suspicious/noExplicitAny: the implementation of the overloads above.
  nameOrSpec: string | ToolPreHookSpec<Tool<any, any>>,
  decide?: PreToolHook["decide"],
  options: HookOptions = {},
): PreToolHook {
  if (typeof nameOrSpec === "string") {
    checkHook(nameOrSpec, decide, options);
    return withTimeout({ name: nameOrSpec, decide: decide as PreToolHook["decide"] }, options);
  }
  const spec = checkSpec(nameOrSpec, "decide");
  const tool = spec.tool.name;
  const guarded: PreToolHook["decide"] = (call, context) =>
    call.name === tool ? spec.decide(call, context) : ALLOW;
  return withTimeout({ name: spec.name, decide: guarded }, spec);
}

/**
 * Defines a post-tool hook. `transform` receives the outcome of the tool that ran and returns the
 * outcome that enters the history. Throws `HookConfigError` like `definePreHook`.
 *
 * Given `{ name, tool, transform }`, the hook transforms only that tool's outcomes, with `call.input` typed
 * by the tool's schema (the validated input the tool ran with).
 */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its schemas; the input type is read from it.
export function definePostHook<TTool extends Tool<any, any>>(spec: ToolPostHookSpec<TTool>): PostToolHook;
export function definePostHook(
  name: string,
  transform: PostToolHook["transform"],
  options?: HookOptions,
): PostToolHook;
export function definePostHook(
  // biome-ignore lint/suspicious/noExplicitAny: the implementation of the overloads above.
  nameOrSpec: string | ToolPostHookSpec<Tool<any, any>>,
  transform?: PostToolHook["transform"],
  options: HookOptions = {},
): PostToolHook {
  if (typeof nameOrSpec === "string") {
    checkHook(nameOrSpec, transform, options);
    return withTimeout({ name: nameOrSpec, transform: transform as PostToolHook["transform"] }, options);
  }
  const spec = checkSpec(nameOrSpec, "transform");
  const tool = spec.tool.name;
  const guarded: PostToolHook["transform"] = (call, outcome, context) =>
    call.name === tool ? spec.transform(call, outcome, context) : outcome;
  return withTimeout({ name: spec.name, transform: guarded }, spec);
}

/** Checks a `{ name, tool, decide | transform }` spec: the same checks as the positional form, and a tool. */
function checkSpec<
  T extends HookOptions & { readonly name: string; readonly tool: { readonly name: string } },
>(spec: T, run: "decide" | "transform"): T {
  if (typeof spec !== "object" || spec === null) {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      "A hook needs a name and a function, or a spec object.",
    );
  }
  checkHook(spec.name, (spec as Record<string, unknown>)[run], spec);
  const tool: unknown = spec.tool;
  const toolName = typeof tool === "object" && tool !== null ? (tool as { name?: unknown }).name : undefined;
  if (typeof toolName !== "string" || toolName === "") {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      `Hook "${spec.name}": "tool" must be the tool it guards (from defineTool), got ${typeof tool}.`,
    );
  }
  return spec;
}

function withTimeout<T extends object>(hook: T, options: HookOptions): T & { readonly timeoutMs?: number } {
  return Object.freeze(options.timeoutMs === undefined ? hook : { ...hook, timeoutMs: options.timeoutMs });
}

function checkHook(name: unknown, run: unknown, options: HookOptions): void {
  if (typeof name !== "string" || name.trim() === "") {
    throw new HookConfigError(
      "INVALID_HOOK_NAME",
      "A hook needs a non-empty name: it is how traces and errors name it.",
    );
  }
  if (typeof run !== "function") {
    throw new HookConfigError("INVALID_HOOK_FUNCTION", `Hook "${name}" needs a function, got ${typeof run}.`);
  }
  const timeoutMs = options.timeoutMs;
  if (timeoutMs !== undefined && !isValidTimeout(timeoutMs)) {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      `Hook "${name}": timeoutMs must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}.`,
    );
  }
}

/** True for a delay `setTimeout` honours as given. */
export function isValidTimeout(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_MS;
}
