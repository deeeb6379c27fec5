import { type ErrorOutcome, validationError } from "@keel/errors";
import {
  type PostToolHook,
  type PreToolHook,
  resolveToolCall as resolveThroughPipeline,
  type ToolCallResolution,
} from "@keel/hooks";
import type { ToolCall, Toolset } from "@keel/tools";
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

/** What a call is resolved against; shared by every call of a server. */
export interface CallEnvironment {
  readonly toolset: Toolset;
  readonly hooks: KeelHooks;
  readonly role: Role;
  /** The session's earlier calls (stdio); absent for stateless HTTP, where every call is its own run. */
  readonly history?: SessionHistory;
}

/**
 * A `tools/call` through the one tool-call path of @keel/hooks (`resolveToolCall`), as in the agent loop.
 * What is the server's own: the caller's role (checked on the tool asked for and on a redirect target),
 * the client's idempotency key from `_meta`, and the session history. Never throws. With a history, the
 * call and its final outcome are recorded for later hooks.
 */
export async function resolveToolCall(
  environment: CallEnvironment,
  request: ToolCallRequest,
): Promise<ToolCallResolution> {
  const { toolset, hooks, role, history } = environment;
  const requested: ToolCall = { id: request.callId, name: request.name, input: request.arguments ?? {} };
  const resolution = await resolveThroughPipeline(requested, {
    toolset,
    ...(hooks.pre ? { preHooks: hooks.pre } : {}),
    ...(hooks.post ? { postHooks: hooks.post } : {}),
    context: {
      runId: request.runId,
      iteration: 0,
      history: history ? [...history.calls] : [],
      batch: [requested],
      signal: request.signal,
      metadata: Object.freeze({ role, transport: "mcp" }),
    },
    authorize: (tool) => roleDenies(role, tool),
    idempotencyKey: (tool, input) => idempotencyKeyFor(tool.name, input, request.meta) ?? invalidKey(),
  });
  history?.record({
    call: requested,
    executed: resolution.executed?.name ?? requested.name,
    outcome: resolution.outcome,
  });
  return resolution;
}

function invalidKey(): ErrorOutcome {
  return validationError(
    "INVALID_IDEMPOTENCY_KEY",
    `The request _meta["${IDEMPOTENCY_META_KEY}"] must be a string of 1 to 200 printable ASCII characters ` +
      "without spaces. Fix it (or leave it out to key the call by its input) and call again.",
    { details: { field: `_meta.${IDEMPOTENCY_META_KEY}` } },
  );
}
