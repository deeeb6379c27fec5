import { randomUUID } from "node:crypto";
import { HookConfigError, type PostToolHook, type PreToolHook } from "@keel/hooks";
import { toolRetryPolicy } from "@keel/tool-call";
import { createToolset, type Toolset } from "@keel/tools";
import type { MessageParam, TextBlock } from "@keel/wire";
import type { ServerToolDefinition } from "@keel/wire/internal";
import { z } from "zod/v4";
import type { ModelClient, ModelStreamEvent } from "../clients/model-client.js";
import type { RetryOptions } from "../retry-options.js";
import type { TelemetryOptions } from "../telemetry/telemetry-options.js";
import { resolveContext } from "./context-options.js";
import { resolveRequestParameters } from "./request-parameters.js";
import type { RunOptions } from "./run-options.js";
import { RunOptionsError } from "./run-options-error.js";
import { compileQuickCheck } from "./run-options-quick-check.js";
import type { RunSnapshot } from "./run-snapshot.js";
import type { TraceEvent } from "./trace-events.js";

const describe = (value: unknown): string =>
  typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "an array" : String(value);

/** A value the predicate accepts; any other fails with `message` (given the value). */
const valid = <T>(accepts: (value: unknown) => boolean, message: (value: unknown) => string) =>
  z.custom<T>(accepts, { error: (issue) => message(issue.input) });

const integer = (name: string, minimum: number, fallback: number) =>
  valid<number>(
    (value) => typeof value === "number" && Number.isInteger(value) && value >= minimum,
    (value) => `runAgent: "${name}" must be an integer >= ${minimum}, got ${describe(value)}.`,
  )
    .optional()
    .transform((value) => value ?? fallback);

const optionalFunction = <T>(name: string) =>
  valid<T>(
    (value) => typeof value === "function",
    (value) => `runAgent: "${name}" must be a function, got ${describe(value)}.`,
  ).optional();

const hookList = <T>(name: string, method: string) =>
  valid<readonly T[]>(
    (hooks) =>
      Array.isArray(hooks) &&
      hooks.every(
        (hook) =>
          typeof hook === "object" &&
          hook !== null &&
          typeof (hook as Record<string, unknown>)[method] === "function",
      ),
    () => `runAgent: "${name}" must be an array of hooks with a ${method}().`,
  ).optional();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const telemetrySchema = valid<TelemetryOptions>(
  (value) =>
    isObject(value) &&
    (value.tracer === undefined ||
      typeof (value.tracer as { startSpan?: unknown })?.startSpan === "function") &&
    (value.meter === undefined ||
      typeof (value.meter as { createHistogram?: unknown })?.createHistogram === "function") &&
    (value.agentName === undefined || typeof value.agentName === "string") &&
    (value.captureContent === undefined || typeof value.captureContent === "boolean"),
  () =>
    `runAgent: "telemetry" must be { tracer?: an OpenTelemetry Tracer, meter?: a Meter, agentName?: string, captureContent?: boolean }.`,
);

/** The default clock: one function for every run. */
const performanceNow = () => performance.now();

/** Each option's own rule, and its default. */
export const runOptionFields = z.object(
  {
    client: valid<ModelClient>(
      (client) => typeof (client as Partial<ModelClient> | undefined)?.create === "function",
      () => `runAgent: "client" must be a ModelClient with a create() method.`,
    ),
    model: valid<string>(
      (model) => typeof model === "string" && model.length > 0,
      () => `runAgent: "model" must be a non-empty string.`,
    ),
    system: valid<string | readonly TextBlock[]>(
      (system) => typeof system === "string" || Array.isArray(system),
      () => `runAgent: "system" must be a string or an array of text blocks.`,
    ).optional(),
    signal: valid<AbortSignal>(
      (signal) => signal instanceof AbortSignal,
      () => `runAgent: "signal" must be an AbortSignal.`,
    ).optional(),
    cache: valid<boolean>(
      (cache) => typeof cache === "boolean",
      () => `runAgent: "cache" must be a boolean.`,
    )
      .optional()
      .transform((cache) => cache ?? true),
    tools: z.unknown().optional(),
    maxTokens: integer("maxTokens", 1, 4096),
    serverTools: z.unknown().optional(),
    request: z.unknown().optional(),
    context: z.unknown().optional(),
    hooks: z
      .object(
        {
          pre: hookList<PreToolHook>("hooks.pre", "decide"),
          post: hookList<PostToolHook>("hooks.post", "transform"),
        },
        { error: () => `runAgent: "hooks" must be { pre?, post? }.` },
      )
      .optional(),
    prompt: z.unknown().optional(),
    messages: z.unknown().optional(),
    maxIterations: integer("maxIterations", 1, 10),
    maxPauseTurns: integer("maxPauseTurns", 0, 5),
    retry: z.custom<RetryOptions>().optional(),
    sleep: optionalFunction<(milliseconds: number, signal: AbortSignal) => Promise<void>>("sleep"),
    random: optionalFunction<() => number>("random"),
    concurrency: integer("concurrency", 1, 8),
    onEvent: optionalFunction<(event: TraceEvent) => void>("onEvent"),
    onStreamEvent: optionalFunction<(event: ModelStreamEvent) => void>("onStreamEvent"),
    checkpoint: optionalFunction<(snapshot: RunSnapshot) => Promise<void> | void>("checkpoint"),
    telemetry: telemetrySchema.optional(),
    metadata: z
      .custom<Readonly<Record<string, unknown>>>()
      .optional()
      .transform((metadata) => metadata ?? {}),
    now: optionalFunction<() => number>("now").transform((now) => now ?? performanceNow),
    idGenerator: optionalFunction<() => string>("idGenerator").transform((next) => next ?? randomUUID),
  },
  { error: () => "runAgent: options must be an object." },
);

/**
 * The rules across fields (prompt or messages, tool names, request parameters against `maxTokens` and the
 * tools, server tools, the retry policy), in this order, on options each field of which passed its own rule.
 * Throws RunOptionsError.
 */
function resolveFields(options: z.output<typeof runOptionFields>) {
  const toolSource = typeof options.tools === "function" ? (options.tools as () => unknown) : undefined;
  const toolset = resolveToolset(toolSource === undefined ? options.tools : toolSource());
  const request = resolveRequestParameters(options.request, options.maxTokens, toolset.names);
  // Compaction, clearing and the input budget (`context`): the edits go into every request, with their betas.
  const planned = resolveContext(options.context, request, toolset.names);
  // Every field named, no spread of the parsed options: V8 gives an object spread followed by more fields a
  // fresh map each time, ~30 µs a run (issue 30). `tools`, `hooks`, `prompt`, `messages`, `context`,
  // `retry`, `sleep` and `random` are left out, resolved into the fields below.
  return {
    client: options.client,
    model: options.model,
    system: options.system,
    signal: options.signal,
    cache: options.cache,
    maxTokens: options.maxTokens,
    maxIterations: options.maxIterations,
    maxPauseTurns: options.maxPauseTurns,
    concurrency: options.concurrency,
    onEvent: options.onEvent,
    onStreamEvent: options.onStreamEvent,
    telemetry: options.telemetry,
    metadata: options.metadata,
    now: options.now,
    idGenerator: options.idGenerator,
    /** The toolset at the start of the run (RunState.toolset is the current one). */
    toolset,
    /** When `tools` is a function: asked again before every model request. */
    toolSource,
    serverTools: resolveServerTools(options.serverTools, toolset.names),
    /** Request parameters sent on every request, validated, with the context edits and their betas. */
    request: planned.request,
    /** `context.maxInputTokens`: no request is sent with more input tokens. */
    maxInputTokens: planned.maxInputTokens,
    /** The compaction trigger when `context.compact` is on (the budget then leaves it to the API). */
    compactTrigger: planned.compactTrigger,
    preHooks: options.hooks?.pre ?? [],
    postHooks: options.hooks?.post ?? [],
    initialMessages: resolveMessages(options.prompt, options.messages),
    /** `retry`, `sleep` and `random` as the tool-call path's policy (`toolRetryPolicy` of @keel/hooks). */
    toolRetry: resolveRetry(options.retry, options.sleep, options.random),
    // Present only when the parsed options have it (own key), as the spread of them did (`checkpoint?:`).
    ...(Object.hasOwn(options, "checkpoint") ? { checkpoint: options.checkpoint } : {}),
  };
}

/**
 * `runAgent`'s options, checked once before anything runs: each field's own rule, then the rules across
 * fields. Its output, with every default filled in, is what the run works from (`ResolvedRunOptions`).
 */
export const runOptionsSchema = runOptionFields.transform((options, context) => {
  try {
    return resolveFields(options);
  } catch (error) {
    if (!RunOptionsError.isInstance(error)) throw error;
    context.issues.push({ code: "custom", input: options, message: error.message, params: { error } });
    return z.NEVER;
  }
});

/** The options a run works from: `RunOptions` validated, with every default filled in. */
export type ResolvedRunOptions = z.output<typeof runOptionsSchema>;

/** `runOptionFields` in plain code, for options it is sure of (run-options-quick-check.ts). */
const quickFields = compileQuickCheck(runOptionFields);

/** Validates every option once, before anything runs; throws RunOptionsError naming the option. */
export function resolveRunOptions(options: RunOptions): ResolvedRunOptions {
  // The common case, every field fine, without zod's parse; anything else goes through the schema, which
  // words the problem. The rules across fields are the same function either way.
  const fields = quickFields?.(options);
  if (fields !== undefined) return resolveFields(fields);
  const parsed = runOptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const thrown = (issue as { params?: { error?: unknown } }).params?.error;
  throw RunOptionsError.isInstance(thrown) ? thrown : new RunOptionsError(issue.message);
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

/** The retry options, `sleep` and `random` as @keel/hooks' policy, which owns the defaults and the checks. */
function resolveRetry(
  retry: RetryOptions | undefined,
  sleep: ((milliseconds: number, signal: AbortSignal) => Promise<void>) | undefined,
  random: (() => number) | undefined,
) {
  const { maxAttempts, baseDelayMs, maxDelayMs } = retry ?? {};
  try {
    return toolRetryPolicy({ maxAttempts, baseDelayMs, maxDelayMs, sleep, random });
  } catch (error) {
    if (!HookConfigError.isInstance(error)) throw error;
    throw new RunOptionsError(`runAgent: "retry" is invalid: ${error.message}`);
  }
}

function resolveMessages(prompt: unknown, messages: unknown): readonly MessageParam[] {
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
  messages.forEach((message: Partial<MessageParam> | undefined, index) => {
    const roleOk = message?.role === "user" || message?.role === "assistant";
    if (!roleOk || (typeof message.content !== "string" && !Array.isArray(message.content))) {
      throw new RunOptionsError(`runAgent: "messages[${index}]" needs a role (user|assistant) and content.`);
    }
  });
  if (messages[0]?.role !== "user" || messages.at(-1)?.role !== "user") {
    throw new RunOptionsError(`runAgent: "messages" must start and end with a user turn.`);
  }
  return messages as readonly MessageParam[];
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
