import { randomUUID } from "node:crypto";
import { HookConfigError, type PostToolHook, type PreToolHook } from "@keel/hooks";
import { type ToolRetryPolicy, toolRetryPolicy } from "@keel/tool-call";
import { createToolset, type Toolset } from "@keel/tools";
import type { MessageParam, ServerToolDefinition, TextBlock } from "@keel/wire";
import type { ModelClient, ModelStreamEvent } from "../clients/model-client.js";
import type { TelemetryOptions } from "../telemetry/telemetry-options.js";
import { type RequestFields, resolveRequestParameters } from "./request-parameters.js";
import type { RunOptions } from "./run-options.js";
import { RunOptionsError } from "./run-options-error.js";
import type { TraceEvent } from "./trace-events.js";

/** Options after validation and defaults. */
export interface ResolvedOptions {
  readonly client: ModelClient;
  readonly model: string;
  readonly serverTools: readonly ServerToolDefinition[];
  /** Request parameters sent on every request, validated. */
  readonly request: RequestFields;
  readonly system: string | readonly TextBlock[] | undefined;
  /** The toolset at the start of the run (RunState.toolset is the current one). */
  readonly toolset: Toolset;
  /** When `tools` is a function: asked again before every model request. */
  readonly toolSource: (() => unknown) | undefined;
  readonly preHooks: readonly PreToolHook[];
  readonly postHooks: readonly PostToolHook[];
  readonly initialMessages: readonly MessageParam[];
  readonly maxIterations: number;
  readonly maxTokens: number;
  readonly maxPauseTurns: number;
  /** `retry`, `sleep` and `random` as the tool-call path's policy (`toolRetryPolicy` of @keel/hooks). */
  readonly toolRetry: ToolRetryPolicy;
  readonly concurrency: number;
  readonly cache: boolean;
  readonly signal: AbortSignal | undefined;
  readonly onEvent: ((event: TraceEvent) => void) | undefined;
  readonly onStreamEvent: ((event: ModelStreamEvent) => void) | undefined;
  readonly telemetry: TelemetryOptions | undefined;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly now: () => number;
  readonly idGenerator: () => string;
}

const describe = (value: unknown): string =>
  typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "an array" : String(value);

function integer(name: string, value: unknown, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
    throw new RunOptionsError(
      `runAgent: "${name}" must be an integer >= ${minimum}, got ${describe(value)}.`,
    );
  }
  return value;
}

/** `retry`, `sleep` and `random` as @keel/hooks' policy, which owns the defaults and the checks. */
function retryPolicy(options: RunOptions): ToolRetryPolicy {
  const { maxAttempts, baseDelayMs, maxDelayMs } = options.retry ?? {};
  const sleep = optionalFunction("sleep", options.sleep);
  const random = optionalFunction("random", options.random);
  try {
    return toolRetryPolicy({ maxAttempts, baseDelayMs, maxDelayMs, sleep, random });
  } catch (error) {
    if (!HookConfigError.isInstance(error)) throw error;
    throw new RunOptionsError(`runAgent: "retry" is invalid: ${error.message}`);
  }
}

function optionalFunction<T>(name: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== "function") {
    throw new RunOptionsError(`runAgent: "${name}" must be a function, got ${describe(value)}.`);
  }
  return value;
}

function isToolset(value: unknown): value is Toolset {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "validate" in value;
}

/**
 * The toolset of an array, a toolset, or what a tool function returns. Throws RunOptionsError for anything
 * else, duplicate names or a tool not built with defineTool.
 */
export function resolveToolset(tools: unknown): Toolset {
  if (isToolset(tools)) return tools;
  if (tools !== undefined && !Array.isArray(tools)) {
    throw new RunOptionsError(
      `runAgent: "tools" must be an array of defined tools, a toolset, or a function returning one.`,
    );
  }
  try {
    return createToolset(tools ?? []);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RunOptionsError(`runAgent: "tools" is invalid: ${reason}`, { cause: error });
  }
}

function resolveHooks<T>(name: string, hooks: readonly T[] | undefined, method: string): readonly T[] {
  if (hooks === undefined) return [];
  const valid =
    Array.isArray(hooks) &&
    hooks.every(
      (hook) =>
        typeof hook === "object" &&
        hook !== null &&
        typeof (hook as Record<string, unknown>)[method] === "function",
    );
  if (!valid) throw new RunOptionsError(`runAgent: "${name}" must be an array of hooks with a ${method}().`);
  return hooks;
}

function resolveMessages(options: RunOptions): readonly MessageParam[] {
  const { prompt, messages } = options;
  if ((prompt === undefined) === (messages === undefined)) {
    throw new RunOptionsError(`runAgent: give exactly one of "prompt" and "messages".`);
  }
  if (prompt !== undefined) {
    if (typeof prompt !== "string" || prompt.length === 0) {
      throw new RunOptionsError(`runAgent: "prompt" must be a non-empty string.`);
    }
    return [{ role: "user", content: [{ type: "text", text: prompt }] }];
  }
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new RunOptionsError(`runAgent: "messages" must be a non-empty array of messages.`);
  }
  messages.forEach((message, index) => {
    const roleOk = message?.role === "user" || message?.role === "assistant";
    if (!roleOk || (typeof message.content !== "string" && !Array.isArray(message.content))) {
      throw new RunOptionsError(`runAgent: "messages[${index}]" needs a role (user|assistant) and content.`);
    }
  });
  if (messages[0]?.role !== "user" || messages.at(-1)?.role !== "user") {
    throw new RunOptionsError(`runAgent: "messages" must start and end with a user turn.`);
  }
  return messages;
}

function resolveServerTools(value: unknown, toolNames: readonly string[]): readonly ServerToolDefinition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new RunOptionsError(`runAgent: "serverTools" must be an array.`);
  const names = new Set(toolNames);
  return value.map((tool: unknown, index) => {
    const { type, name } = (tool ?? {}) as { type?: unknown; name?: unknown };
    if (typeof type !== "string" || type === "" || typeof name !== "string" || name === "") {
      throw new RunOptionsError(
        `runAgent: "serverTools[${index}]" needs a versioned "type" and a "name", e.g. { type: "web_search_20250305", name: "web_search" }.`,
      );
    }
    if (names.has(name)) {
      throw new RunOptionsError(
        `runAgent: "serverTools[${index}]" is named "${name}", like another tool of the run.`,
      );
    }
    names.add(name);
    return tool as ServerToolDefinition;
  });
}

function resolveTelemetry(value: unknown): TelemetryOptions | undefined {
  if (value === undefined) return undefined;
  const options = value as Record<string, unknown> | null;
  const valid =
    typeof options === "object" &&
    options !== null &&
    !Array.isArray(options) &&
    (options.tracer === undefined ||
      typeof (options.tracer as { startSpan?: unknown })?.startSpan === "function") &&
    (options.meter === undefined ||
      typeof (options.meter as { createHistogram?: unknown })?.createHistogram === "function") &&
    (options.agentName === undefined || typeof options.agentName === "string") &&
    (options.captureContent === undefined || typeof options.captureContent === "boolean");
  if (!valid) {
    throw new RunOptionsError(
      `runAgent: "telemetry" must be { tracer?: an OpenTelemetry Tracer, meter?: a Meter, agentName?: string, captureContent?: boolean }.`,
    );
  }
  return value as TelemetryOptions;
}

/** Validates every option once, before anything runs; throws RunOptionsError naming the option. */
export function resolveOptions(options: RunOptions): ResolvedOptions {
  if (typeof options !== "object" || options === null) {
    throw new RunOptionsError("runAgent: options must be an object.");
  }
  const { client, model, system, signal, cache = true } = options;
  if (typeof client?.create !== "function") {
    throw new RunOptionsError(`runAgent: "client" must be a ModelClient with a create() method.`);
  }
  if (typeof model !== "string" || model.length === 0) {
    throw new RunOptionsError(`runAgent: "model" must be a non-empty string.`);
  }
  if (system !== undefined && typeof system !== "string" && !Array.isArray(system)) {
    throw new RunOptionsError(`runAgent: "system" must be a string or an array of text blocks.`);
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new RunOptionsError(`runAgent: "signal" must be an AbortSignal.`);
  }
  if (typeof cache !== "boolean") throw new RunOptionsError(`runAgent: "cache" must be a boolean.`);
  const toolSource = typeof options.tools === "function" ? options.tools : undefined;
  const toolset = resolveToolset(toolSource === undefined ? options.tools : toolSource());
  const maxTokens = integer("maxTokens", options.maxTokens, 4096, 1);
  return {
    client,
    model,
    system,
    toolset,
    toolSource,
    serverTools: resolveServerTools(options.serverTools, toolset.names),
    request: resolveRequestParameters(options.request, { maxTokens, toolNames: toolset.names }),
    preHooks: resolveHooks("hooks.pre", options.hooks?.pre, "decide"),
    postHooks: resolveHooks("hooks.post", options.hooks?.post, "transform"),
    initialMessages: resolveMessages(options),
    maxIterations: integer("maxIterations", options.maxIterations, 10, 1),
    maxTokens,
    maxPauseTurns: integer("maxPauseTurns", options.maxPauseTurns, 5, 0),
    toolRetry: retryPolicy(options),
    concurrency: integer("concurrency", options.concurrency, 8, 1),
    cache,
    signal,
    onEvent: optionalFunction("onEvent", options.onEvent),
    onStreamEvent: optionalFunction("onStreamEvent", options.onStreamEvent),
    telemetry: resolveTelemetry(options.telemetry),
    metadata: options.metadata ?? {},
    now: optionalFunction("now", options.now) ?? (() => performance.now()),
    idGenerator: optionalFunction("idGenerator", options.idGenerator) ?? randomUUID,
  };
}
