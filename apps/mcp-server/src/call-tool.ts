import { type ErrorOutcome, type ToolOutcome, validationError } from "@keel/errors";
import {
  type HookContext,
  type PostToolHook,
  type PreToolHook,
  runPostHooks,
  runPreHooks,
} from "@keel/hooks";
import type { Tool, ToolCall, Toolset } from "@keel/tools";
import { IDEMPOTENCY_META_KEY, idempotencyKeyFor } from "./idempotency.js";
import { type Role, roleDenies } from "./roles.js";
import type { SessionHistory } from "./session-history.js";

/** The business hooks every call passes, exactly as in the agent loop. */
export interface KeelHooks {
  readonly pre?: readonly PreToolHook[];
  readonly post?: readonly PostToolHook[];
}

/** One `tools/call` as the server received it. */
export interface ToolCallRequest {
  readonly callId: string;
  /** The run id handlers and hooks see; a session's calls share its history's run id. */
  readonly runId: string;
  readonly name: string;
  readonly arguments: unknown;
  /** The request's `_meta` (may carry `dev.keel/idempotency-key`). */
  readonly meta: unknown;
  readonly signal: AbortSignal;
}

/** A pre-hook sent the call to another tool; that tool's outcome is the answer. */
export interface Redirect {
  readonly requested: string;
  readonly executed: string;
  readonly reason: string;
}

export interface ToolCallResolution {
  readonly outcome: ToolOutcome;
  /** The tool that ran, or null when nothing ran (unknown tool, invalid input, role, blocking hook). */
  readonly executed: string | null;
  readonly redirect?: Redirect;
}

interface Runnable {
  readonly tool: Tool;
  readonly input: unknown;
}

/** What a call is resolved against; shared by every call of a server. */
export interface CallEnvironment {
  readonly toolset: Toolset;
  readonly hooks: KeelHooks;
  readonly role: Role;
  /** The session's earlier calls (stdio); absent for stateless HTTP, where every call is its own run. */
  readonly history?: SessionHistory;
}

/**
 * The same path as the agent loop: validate → role → pre-hooks → (re-validate the redirected or
 * rewritten call) → run with an idempotency key for writes → post-hooks. Never throws and never turns a
 * failure into a protocol error: everything ends as an outcome. With a history, the call and its final
 * outcome are recorded for later hooks.
 */
export async function resolveToolCall(
  environment: CallEnvironment,
  request: ToolCallRequest,
): Promise<ToolCallResolution> {
  const requested: ToolCall = { id: request.callId, name: request.name, input: request.arguments ?? {} };
  const resolution = await resolve(environment, request, requested);
  environment.history?.record({
    call: requested,
    executed: resolution.executed ?? requested.name,
    outcome: resolution.outcome,
  });
  return resolution;
}

async function resolve(
  environment: CallEnvironment,
  request: ToolCallRequest,
  requested: ToolCall,
): Promise<ToolCallResolution> {
  const { toolset, hooks, role } = environment;
  const validation = toolset.validate(requested);
  if (!validation.ok) return { outcome: validation.outcome, executed: null };
  const denied = roleDenies(role, validation.tool);
  if (denied) return { outcome: denied, executed: null };
  const metadata = Object.freeze({ role, transport: "mcp" });
  const call: ToolCall = { id: request.callId, name: validation.tool.name, input: validation.input };
  const hookContext: HookContext = {
    runId: request.runId,
    iteration: 0,
    history: environment.history ? [...environment.history.calls] : [],
    batch: [call],
    signal: request.signal,
    metadata,
  };
  const decided = await decide(toolset, hooks.pre ?? [], role, call, hookContext, validation);
  if ("outcome" in decided) return { outcome: decided.outcome, executed: null };
  const { tool, input } = decided.runnable;
  const key = tool.effect === "write" ? idempotencyKeyFor(tool.name, input, request.meta) : undefined;
  if (tool.effect === "write" && key === undefined) return { outcome: invalidKey(), executed: null };
  const ran = await toolset.run(tool, input, {
    signal: request.signal,
    toolUseId: request.callId,
    runId: request.runId,
    iteration: 0,
    ...(key === undefined ? {} : { idempotencyKey: key }),
    metadata,
  });
  const executedCall: ToolCall = { id: request.callId, name: tool.name, input };
  const outcome = await runPostHooks(hooks.post ?? [], executedCall, ran, hookContext);
  return { outcome, executed: tool.name, ...(decided.redirect ? { redirect: decided.redirect } : {}) };
}

type Decided =
  | { readonly runnable: Runnable; readonly redirect?: Redirect }
  | { readonly outcome: ToolOutcome };

async function decide(
  toolset: Toolset,
  pre: readonly PreToolHook[],
  role: Role,
  call: ToolCall,
  context: HookContext,
  validated: Runnable,
): Promise<Decided> {
  if (pre.length === 0) return { runnable: validated };
  const decision = await runPreHooks(pre, call, context);
  switch (decision.action) {
    case "allow":
      return { runnable: validated };
    case "block":
      return { outcome: decision.error };
    case "rewrite":
      return revalidate(toolset, role, { id: call.id, name: call.name, input: decision.input });
    case "redirect": {
      const target = revalidate(toolset, role, { id: call.id, name: decision.tool, input: decision.input });
      if ("outcome" in target) return target;
      return {
        ...target,
        redirect: { requested: call.name, executed: decision.tool, reason: decision.reason },
      };
    }
  }
}

/** A hook's new call is checked like the model's: a hook cannot smuggle in bad input or a forbidden tool. */
function revalidate(
  toolset: Toolset,
  role: Role,
  call: ToolCall,
): { readonly runnable: Runnable } | { readonly outcome: ErrorOutcome | ToolOutcome } {
  const validation = toolset.validate(call);
  if (!validation.ok) return { outcome: validation.outcome };
  const denied = roleDenies(role, validation.tool);
  return denied ? { outcome: denied } : { runnable: { tool: validation.tool, input: validation.input } };
}

function invalidKey(): ErrorOutcome {
  return validationError(
    "INVALID_IDEMPOTENCY_KEY",
    `The request _meta["${IDEMPOTENCY_META_KEY}"] must be a string of 1 to 200 printable ASCII characters ` +
      "without spaces. Fix it (or leave it out to key the call by its input) and call again.",
    { details: { field: `_meta.${IDEMPOTENCY_META_KEY}` } },
  );
}
