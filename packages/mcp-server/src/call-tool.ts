import { type ErrorOutcome, permissionError, transientError } from "@keel/errors";
import type { CompletedCall, ToolHooks } from "@keel/hooks";
import {
  type IdempotencyRecords,
  resolveToolCall,
  type ToolCallResolution,
  type ToolRetryPolicy,
} from "@keel/tool-call";
import type { ToolCall, Toolset } from "@keel/tools";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import { CONVERSATION_META_KEY, type ConversationStore, conversationIdOf } from "./conversations.js";
import { idempotencyKeyFor } from "./idempotency.js";
import { invalidMetaId } from "./meta-id.js";
import { type Role, roleDenies } from "./roles.js";
import type { SessionHistory } from "./session-history.js";

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

/** What the server serves a `tools/call` against; shared by every call of a server. */
export interface ServerCallEnvironment {
  readonly toolset: Toolset;
  readonly hooks: ToolHooks;
  readonly role: Role;
  /** The session's earlier calls (stdio); absent for stateless HTTP, where every call is its own run. */
  readonly history?: SessionHistory;
  /**
   * Stateless HTTP: the store of conversation histories. A call naming a conversation
   * (`_meta["dev.keel/conversation-id"]`) gets that conversation's history and `conversationHooks`.
   */
  readonly conversations?: ConversationStore;
  /** The hooks for a call in a conversation (those that look back included). Default `hooks`. */
  readonly conversationHooks?: ToolHooks;
  /** A write tool without a conversation id is refused (`permission` CONVERSATION_REQUIRED). */
  readonly requireConversationForWrites?: boolean;
  /** How a transient tool failure is retried within the call. Default: the tool-call path's (`toolRetryPolicy()`). */
  readonly retry?: ToolRetryPolicy;
  /** Where each write's key is bound to its request (see KeelMcpServerOptions). */
  readonly idempotencyRecords?: IdempotencyRecords;
}

/**
 * A `tools/call` through the one tool-call path (`resolveToolCall` of @keel/tool-call), as in the agent loop.
 * What is the server's own: the caller's role (checked on the tool asked for and on a redirect target),
 * the client's idempotency key from `_meta`, and the session history. Never throws. With a history, the
 * call and its final outcome are recorded for later hooks.
 */
export async function serveToolCall(
  environment: ServerCallEnvironment,
  request: ToolCallRequest,
): Promise<ToolCallResolution> {
  const { toolset, role, history, conversations } = environment;
  const requested: ToolCall = { id: request.callId, name: request.name, input: request.arguments ?? {} };
  const conversation = conversationIdOf(request.meta);
  if (conversation.invalid) return refused(requested, invalidConversation());
  let earlier: readonly CompletedCall[] = history ? [...history.calls] : [];
  if (conversation.id !== undefined && conversations) {
    const calls = await conversations.calls(conversation.id);
    // Without the conversation's history the hooks that look back would see nothing: fail closed.
    if (calls === undefined) return refused(requested, conversationUnreachable());
    earlier = calls;
  }
  const inConversation = conversation.id !== undefined && conversations !== undefined;
  const hooks = inConversation ? (environment.conversationHooks ?? environment.hooks) : environment.hooks;
  const needsConversation =
    environment.requireConversationForWrites === true && conversation.id === undefined;
  const resolution = await resolveToolCall(requested, {
    toolset,
    ...(hooks.pre ? { preHooks: hooks.pre } : {}),
    ...(hooks.post ? { postHooks: hooks.post } : {}),
    context: {
      runId: inConversation ? `mcp-conversation-${conversation.id}` : request.runId,
      iteration: 0,
      history: earlier,
      // The server sees single calls, never the client's conversation: hooks that need it must fail closed.
      messages: [],
      batch: [requested],
      signal: request.signal,
      metadata: Object.freeze({ role, transport: "mcp" }),
    },
    authorize: (tool) =>
      roleDenies(role, tool) ??
      (needsConversation && tool.effect === "write" ? conversationRequired(tool.name) : null),
    idempotencyKey: (tool, input) => idempotencyKeyFor(tool.name, input, request.meta) ?? invalidKey(),
    ...(environment.retry ? { retry: environment.retry } : {}),
    ...(environment.idempotencyRecords ? { idempotencyRecords: environment.idempotencyRecords } : {}),
  });
  const completed: CompletedCall = {
    call: requested,
    executed: resolution.executed?.name ?? requested.name,
    outcome: resolution.outcome,
  };
  history?.record(completed);
  if (inConversation) await conversations!.record(conversation.id!, completed);
  return resolution;
}

/** A call refused before the tool-call path (nothing ran), in the resolution shape. */
function refused(requested: ToolCall, outcome: ErrorOutcome): ToolCallResolution {
  return { outcome, requested, executed: null, decision: null, attempts: 0, reused: false, durationMs: 0 };
}

function invalidConversation(): ErrorOutcome {
  return invalidMetaId(
    "INVALID_CONVERSATION_ID",
    CONVERSATION_META_KEY,
    "Fix it (one id per conversation, the same on every call) and call again.",
  );
}

function conversationUnreachable(): ErrorOutcome {
  return transientError(
    "CONVERSATION_STORE_UNREACHABLE",
    "The conversation's earlier calls could not be read, so nothing was run (the business rules need them). " +
      "Retry shortly.",
    { retryAfterMs: 500 },
  );
}

function conversationRequired(tool: string): ErrorOutcome {
  return permissionError(
    "CONVERSATION_REQUIRED",
    `This server runs "${tool}" only inside a conversation: send _meta["${CONVERSATION_META_KEY}"] (the same id ` +
      "on every call of the conversation), so the rules that look back (a customer verified earlier) apply.",
    { details: { tool } },
  );
}

function invalidKey(): ErrorOutcome {
  return invalidMetaId(
    "INVALID_IDEMPOTENCY_KEY",
    IDEMPOTENCY_META_KEY,
    "Fix it (or leave it out to key the call by its input) and call again.",
  );
}
