import { randomUUID } from "node:crypto";
import { outcomeFromThrown, toMcpResult } from "@keel/errors";
import type { ToolHooks } from "@keel/hooks";
import type { IdempotencyRecords, ToolRetryPolicy } from "@keel/tool-call";
import type { Toolset } from "@keel/tools";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  type CallToolRequest,
  CallToolRequestParamsSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Tracer } from "@opentelemetry/api";
import { z } from "zod/v4";
import { toCallToolResult } from "./call-result.js";
import { serveToolCall } from "./call-tool.js";
import type { ConversationStore } from "./conversations.js";
import type { Logger } from "./logger.js";
import type { Role } from "./roles.js";
import type { SessionHistory } from "./session-history.js";
import { startCallSpan } from "./tracing/call-span.js";
import { SERVER_NAME, SERVER_VERSION } from "./version.js";

export interface KeelMcpServerOptions {
  /** The dispatch table; its schemas and the `tools/list` answer are computed once and shared. */
  readonly tools: Toolset;
  /** Pre/post hooks run on every call, as in the agent loop (e.g. the refund limit redirect). */
  readonly hooks?: ToolHooks | undefined;
  /** The caller's role (reaches handlers as `ToolContext.metadata.role`). Default "agent". */
  readonly role?: Role | undefined;
  readonly logger: Logger;
  /**
   * The session's call history for hooks that look back ("customer verified earlier"); give one to a
   * long-lived stdio server. Without it every call is its own run with an empty history.
   */
  readonly history?: SessionHistory | undefined;
  /** Stateless HTTP: conversation histories in the store, for calls naming a conversation id in `_meta`. */
  readonly conversations?: ConversationStore | undefined;
  /** The hooks for a call in a conversation (the verified-customer hook included). */
  readonly conversationHooks?: ToolHooks | undefined;
  /** Refuse a write tool outside a conversation. */
  readonly requireConversationForWrites?: boolean | undefined;
  /** What the `initialize` answer tells the client's model about using these tools. Default: KEEL_INSTRUCTIONS. */
  readonly instructions?: string | undefined;
  /**
   * A span per `tools/call` (`tools/call {tool}`, SERVER), a child of the caller's span when the request's
   * `_meta` carries `traceparent`. Without it no span is made (the log line still names the caller's trace).
   */
  readonly tracer?: Tracer | undefined;
  /**
   * How a transient tool failure (transient and retryable, e.g. the store did not answer) is retried within
   * one `tools/call` before the client sees it. Default: the same policy as the agent loop's, @keel/tool-call's
   * `toolRetryPolicy()` (3 attempts, 200 ms doubling); `toolRetryPolicy({ maxAttempts: 1 })` answers at once.
   */
  readonly toolRetry?: ToolRetryPolicy | undefined;
  /**
   * Where each write's idempotency key (the client's `_meta` key, or the derived one) is bound to its request;
   * a key reused for another request is refused with `IDEMPOTENCY_KEY_REUSED`. `supportSurface` gives the
   * store's, so the rule holds across processes and replicas. Default: in memory, per toolset.
   */
  readonly idempotencyRecords?: IdempotencyRecords | undefined;
}

/**
 * How to read this server's answers, sent as the MCP `instructions` of `initialize`: a client may put it in
 * its model's system prompt. It says what the error categories mean for the next step, which no tool
 * description can say for all of them.
 */
export const KEEL_INSTRUCTIONS =
  "Every tool answers with a result or a categorised error; act on the category, not the wording. " +
  "transient (retryable: true): the service did not answer, and the server has already retried it — retry the " +
  "same call once after a short wait, and never tell the user " +
  "that something does not exist because of it. validation: the input was wrong — fix the named field and call " +
  "again. business: a rule refused it (e.g. a refund over the limit goes to a person) — do not retry; explain " +
  "and offer the next step the message names. permission: this caller may not do it — do not retry; tell the " +
  "user who can. An empty result (a code such as ORDER_NOT_FOUND with kind empty) means the lookup worked and " +
  'found nothing. A write repeated with the same idempotency key (`_meta["dev.keel/idempotency-key"]`) never runs twice.';

/**
 * `tools/call` with its params checked first, so that malformed params (arguments that are a string, an
 * array or null; a missing name) are the client's error: JSON-RPC -32602 Invalid params with one plain
 * sentence. The SDK parses a request against the handler's schema before anything else and answers a
 * mismatch with -32603 Internal error and a dump of zod issues, so the check has to run inside that parse:
 * the transform throws the McpError, whose code the SDK puts in the response. Arguments that are an
 * object but do not fit the tool's input schema are another matter: the toolset answers those with an
 * `isError` INVALID_INPUT result the model can act on.
 */
const CheckedCallToolRequestSchema = z.object({
  method: z.literal("tools/call"),
  params: z.unknown().transform(checkedCallToolParams),
});

function checkedCallToolParams(params: unknown): CallToolRequest["params"] {
  const problem = paramsProblem(params);
  if (problem === undefined) {
    const parsed = CallToolRequestParamsSchema.safeParse(params);
    if (parsed.success) return parsed.data;
  }
  throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call params: ${problem ?? paramsIssue(params)}`);
}

function paramsProblem(params: unknown): string | undefined {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    return `params must be an object with "name" and "arguments"; got ${kindOf(params)}.`;
  const { name, arguments: args } = params as Record<string, unknown>;
  if (typeof name !== "string") return `"name" must be the tool's name as a string; got ${kindOf(name)}.`;
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
    return `"arguments" must be an object of the tool's input fields (or left out); got ${kindOf(args)}.`;
  return undefined;
}

/** The first issue of the SDK's own params schema (e.g. a malformed `_meta`), as path and message. */
function paramsIssue(params: unknown): string {
  const parsed = CallToolRequestParamsSchema.safeParse(params);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (issue === undefined) return "the params do not match the tools/call request.";
  const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "params";
  return `${path} is malformed (${issue.message}).`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return type === "object" ? "an object" : `a ${type}`;
}

// The SDK builds a new Ajv instance per Server unless given one; per-request servers share this one.
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * An MCP server exposing every tool of the toolset with input and output schemas and explicit
 * annotations. Every `tools/call` takes the agent loop's path and answers with an explicit result: an
 * unknown tool, invalid arguments, a forbidden write or a tool failure is an `isError` result with the
 * taxonomy in text and `_meta["dev.keel/outcome"]`, never a JSON-RPC error. Cheap to create: build one
 * per HTTP request; connect it to a transport yourself.
 *
 * Uses the SDK's low-level `Server` (not `McpServer`) on purpose: McpServer re-validates input with its
 * own schemas and turns failures into results without `_meta`; here the toolset validates and every
 * result is built explicitly.
 */
export function createKeelMcpServer(options: KeelMcpServerOptions): Server {
  const { tools: toolset, logger, history } = options;
  const environment = {
    toolset,
    hooks: options.hooks ?? {},
    role: options.role ?? "agent",
    ...(history ? { history } : {}),
    ...(options.conversations ? { conversations: options.conversations } : {}),
    ...(options.conversationHooks ? { conversationHooks: options.conversationHooks } : {}),
    ...(options.requireConversationForWrites ? { requireConversationForWrites: true } : {}),
    ...(options.toolRetry ? { retry: options.toolRetry } : {}),
    ...(options.idempotencyRecords ? { idempotencyRecords: options.idempotencyRecords } : {}),
  };
  sharedValidator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: options.instructions ?? KEEL_INSTRUCTIONS,
      jsonSchemaValidator: sharedValidator,
    },
  );
  // The catalog is the toolset's own MCP shape: one source of titles, schemas and annotations.
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolset.mcpTools as never }));
  server.setRequestHandler(CheckedCallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const span = await startCallSpan(options.tracer, name, request.params._meta, extra.sessionId);
    try {
      const resolution = await span.run(() =>
        serveToolCall(environment, {
          callId: `mcp-${String(extra.requestId)}`,
          runId: history?.runId ?? `mcp-${randomUUID()}`,
          name,
          arguments: request.params.arguments,
          meta: request.params._meta,
          signal: extra.signal,
        }),
      );
      span.end(resolution);
      const { outcome } = resolution;
      // One line per call: names, codes and timings only — never the arguments or the result (customer data).
      const line = {
        tool: name,
        ...(resolution.executed !== null && resolution.executed.name !== name
          ? { executed: resolution.executed.name }
          : {}),
        outcome: outcome.kind,
        ...(outcome.kind === "success" ? {} : { code: outcome.code }),
        ...(outcome.kind === "error" ? { category: outcome.category } : {}),
        ...(resolution.hook ? { decision: resolution.decision, hook: resolution.hook } : {}),
        attempts: resolution.attempts,
        ms: Math.round(resolution.durationMs * 10) / 10,
        role: environment.role,
        request: String(extra.requestId),
        ...(span.traceId === undefined ? {} : { trace: span.traceId }),
      };
      if (outcome.kind === "error" && outcome.category === "unclassified")
        logger.warn("tools/call failed unexpectedly", line);
      else logger.info("tools/call", line);
      return toCallToolResult(outcome);
    } catch (error) {
      logger.error("tool call threw past the toolset", { tool: name, error });
      const outcome = outcomeFromThrown(error, { toolName: name });
      span.fail(outcome.kind === "error" ? outcome.code : "INTERNAL");
      return toMcpResult(outcome);
    }
  });
  return server;
}
