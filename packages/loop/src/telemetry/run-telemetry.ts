import type { ToolCallResolution } from "@keel/tool-call";
import { toolCallAttributes, toolCallErrorType } from "@keel/tool-call/internal";
import type { Message, MessageCreateRequest } from "@keel/wire";
import { redactSecrets } from "../clients/redact-secrets.js";
import { responseContext } from "../run/context-usage.js";
import { RunOptionsError } from "../run/run-options-error.js";
import type { ResolvedRunOptions } from "../run/run-options-schema.js";
import type { RunError, RunResult } from "../run/run-result.js";
import type { ToolCallRecord } from "../run/tool-call-record.js";
import type {
  TelemetryAttributes,
  TelemetryHistogram,
  TelemetryOptions,
  TelemetrySpan,
  TelemetryTracer,
} from "./telemetry-options.js";

type OtelApi = typeof import("@opentelemetry/api");
type OtelContext = ReturnType<OtelApi["context"]["active"]>;

// The numeric values of the API's SpanKind and SpanStatusCode (stable since 1.0).
const KIND_INTERNAL = 0;
const KIND_CLIENT = 2;
const STATUS_ERROR = 2;
const PROVIDER = "anthropic";
const OK_STATUSES = new Set(["completed", "awaiting_approval", "max_iterations", "refused"]);

let api: Promise<OtelApi> | undefined;

/** `@opentelemetry/api`, loaded once and only when a run asks for telemetry (it is an optional peer). */
function loadApi(): Promise<OtelApi> {
  api ??= import("@opentelemetry/api");
  return api;
}

/**
 * One run's spans, by the OpenTelemetry GenAI conventions: `invoke_agent` for the run, a `chat` span per
 * model request and an `execute_tool` span per tool call under it (parallel calls are siblings), with
 * Keel's own facts under `keel.`; and the `gen_ai.client.*` histograms when a meter is given. A tool's
 * handler runs with its span active, so an MCP client can carry the trace to the server.
 */
export class RunTelemetry {
  private agentSpan: TelemetrySpan | undefined;
  private runId: string | undefined;
  private agentContext: OtelContext | undefined;
  private readonly tokens: TelemetryHistogram | undefined;
  private readonly duration: TelemetryHistogram | undefined;

  private constructor(
    private readonly otel: OtelApi,
    private readonly tracer: TelemetryTracer,
    private readonly options: TelemetryOptions,
  ) {
    this.tokens = options.meter?.createHistogram("gen_ai.client.token.usage", {
      description: "Number of input and output tokens used",
      unit: "{token}",
    });
    this.duration = options.meter?.createHistogram("gen_ai.client.operation.duration", {
      description: "GenAI operation duration",
      unit: "s",
    });
  }

  /** Loads the API (a RunOptionsError naming the package if it is not installed) and picks the tracer. */
  static async create(options: TelemetryOptions): Promise<RunTelemetry> {
    let otel: OtelApi;
    try {
      otel = await loadApi();
    } catch (error) {
      api = undefined;
      throw new RunOptionsError(
        `runAgent: "telemetry" needs the optional peer dependency @opentelemetry/api: npm i @opentelemetry/api`,
        { cause: error },
      );
    }
    return new RunTelemetry(otel, options.tracer ?? otel.trace.getTracer("@keel/loop"), options);
  }

  startRun(runId: string, model: string): void {
    this.runId = runId;
    const name = this.options.agentName;
    this.agentSpan = this.tracer.startSpan(
      name === undefined ? "invoke_agent" : `invoke_agent ${name}`,
      {
        kind: KIND_INTERNAL,
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.provider.name": PROVIDER,
          "gen_ai.agent.name": name,
          "gen_ai.request.model": model,
          "gen_ai.conversation.id": runId,
        },
      },
      this.otel.context.active(),
    );
    this.agentContext = this.otel.trace.setSpan(this.otel.context.active(), this.agentSpan as never);
  }

  endRun(result: RunResult): void {
    const span = this.agentSpan;
    if (span === undefined) return;
    span.setAttributes({
      "keel.run.status": result.status,
      "keel.run.iterations": result.iterations,
      "gen_ai.usage.input_tokens": inputTokens(result.usage, result.usage.context_management),
      "gen_ai.usage.output_tokens": outputTokens(result.usage, result.usage.context_management),
      ...contextAttributes(result.usage.context_management),
    });
    if (!OK_STATUSES.has(result.status)) {
      span.setAttribute("error.type", result.error?.kind ?? result.status);
      span.setStatus({ code: STATUS_ERROR, message: result.error?.message ?? result.status });
    }
    span.end();
    this.agentSpan = undefined;
  }

  /** A `chat {model}` span for one request; call `end` with the response or `fail` with the error. */
  startChat(request: MessageCreateRequest): ChatSpan {
    const attributes: TelemetryAttributes = {
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": PROVIDER,
      "gen_ai.request.model": request.model,
      "gen_ai.request.max_tokens": request.max_tokens,
      "gen_ai.request.temperature": request.temperature,
      "gen_ai.request.top_p": request.top_p,
      "gen_ai.request.top_k": request.top_k,
      "gen_ai.request.stop_sequences": request.stop_sequences,
      "gen_ai.conversation.id": this.runId,
    };
    if (this.options.captureContent) {
      attributes["gen_ai.input.messages"] = json(request.messages);
      if (request.system !== undefined) attributes["gen_ai.system_instructions"] = json(request.system);
    }
    const span = this.tracer.startSpan(
      `chat ${request.model}`,
      { kind: KIND_CLIENT, attributes: defined(attributes) },
      this.agentContext,
    );
    const started = performance.now();
    let streamed = false;
    const metric = {
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": PROVIDER,
      "gen_ai.request.model": request.model,
    };
    return {
      streamed: () => {
        streamed = true;
      },
      retry: (attempt: number, reason: string, delayMs: number) => {
        span.addEvent("keel.model.retry", {
          "keel.retry.attempt": attempt,
          "keel.retry.reason": reason,
          "keel.retry.delay_ms": delayMs,
        });
      },
      end: (response: Message) => {
        const usage = response.usage;
        const context = responseContext(usage, response.context_management);
        span.setAttributes(
          defined({
            "gen_ai.request.stream": streamed,
            "gen_ai.response.id": response.id,
            "gen_ai.response.model": response.model,
            "gen_ai.response.finish_reasons":
              response.stop_reason === null ? undefined : [response.stop_reason],
            "gen_ai.usage.input_tokens": usage === undefined ? undefined : inputTokens(usage, context),
            "gen_ai.usage.output_tokens": usage === undefined ? undefined : outputTokens(usage, context),
            "gen_ai.usage.cache_read.input_tokens": usage?.cache_read_input_tokens ?? undefined,
            "gen_ai.usage.cache_creation.input_tokens": usage?.cache_creation_input_tokens ?? undefined,
            "gen_ai.output.messages": this.options.captureContent ? json(response.content) : undefined,
            ...contextAttributes(context),
          }),
        );
        span.end();
        const attributes = { ...metric, "gen_ai.response.model": response.model };
        this.duration?.record((performance.now() - started) / 1000, attributes);
        if (usage !== undefined) {
          const input = inputTokens(usage, context);
          this.tokens?.record(input, { ...attributes, "gen_ai.token.type": "input" });
          this.tokens?.record(outputTokens(usage, context), { ...attributes, "gen_ai.token.type": "output" });
        }
      },
      fail: (error: RunError) => {
        span.setAttribute("gen_ai.request.stream", streamed);
        span.setAttribute("error.type", error.kind);
        span.setStatus({ code: STATUS_ERROR, message: error.message });
        span.end();
        this.duration?.record((performance.now() - started) / 1000, { ...metric, "error.type": error.kind });
      },
    };
  }

  /** An `execute_tool {name}` span; `run` executes the call with the span active; `end` records it. */
  startTool(call: { readonly id: string; readonly name: string; readonly input: unknown }): ToolSpan {
    const span = this.tracer.startSpan(
      `execute_tool ${call.name}`,
      {
        kind: KIND_INTERNAL,
        attributes: defined({
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.provider.name": PROVIDER,
          "gen_ai.tool.name": call.name,
          "gen_ai.tool.call.id": call.id,
          "gen_ai.tool.type": "function",
          "gen_ai.tool.call.arguments": this.options.captureContent ? json(call.input) : undefined,
        }),
      },
      this.agentContext,
    );
    const active = this.otel.trace.setSpan(this.agentContext ?? this.otel.context.active(), span as never);
    return {
      run: <T>(work: () => Promise<T>) => this.otel.context.with(active, work),
      end: (resolution: ToolCallResolution, record: ToolCallRecord) => {
        span.setAttributes(toolAttributes(resolution, record, this.options.captureContent === true));
        const errorType = toolCallErrorType({ outcome: record.outcome });
        if (errorType !== undefined) span.setStatus({ code: STATUS_ERROR, message: errorType });
        span.end();
      },
    };
  }
}

/** The run's telemetry, when its options ask for it (loading `@opentelemetry/api` then, and only then). */
export function startTelemetry(options: ResolvedRunOptions): Promise<RunTelemetry> | undefined {
  return options.telemetry === undefined ? undefined : RunTelemetry.create(options.telemetry);
}

export interface ChatSpan {
  /** The client streamed this response (a stream event arrived). */
  streamed(): void;
  /** The client retries the request after a failed attempt. */
  retry(attempt: number, reason: string, delayMs: number): void;
  end(response: Message): void;
  fail(error: RunError): void;
}

export interface ToolSpan {
  run<T>(work: () => Promise<T>): Promise<T>;
  end(resolution: ToolCallResolution, record: ToolCallRecord): void;
}

/** Keel's facts about a call (one owner: @keel/tool-call), whether it started early, and content on request. */
function toolAttributes(
  resolution: ToolCallResolution,
  record: ToolCallRecord,
  content: boolean,
): TelemetryAttributes {
  return {
    // The record's outcome is the one that entered the history (an unserialisable result is replaced).
    ...toolCallAttributes({ ...resolution, outcome: record.outcome }),
    "keel.tool.eager": record.eager,
    ...(content ? { "gen_ai.tool.call.result": json(record.outcome) } : {}),
  };
}

/** The GenAI convention for Anthropic: input tokens include the cache reads and writes. */
interface StepTokens {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_read_input_tokens?: number | null;
  readonly cache_creation_input_tokens?: number | null;
}

/** Billed input: the message step's input plus cache reads and writes, and the compaction step's, if any. */
function inputTokens(usage: StepTokens, context: { readonly compaction: StepTokens } | undefined): number {
  const step = (tokens: StepTokens) =>
    tokens.input_tokens + (tokens.cache_read_input_tokens ?? 0) + (tokens.cache_creation_input_tokens ?? 0);
  return step(usage) + (context === undefined ? 0 : step(context.compaction));
}

/** Billed output: the message step's and the compaction step's (the summary it wrote). */
function outputTokens(usage: StepTokens, context: { readonly compaction: StepTokens } | undefined): number {
  return usage.output_tokens + (context?.compaction.output_tokens ?? 0);
}

function json(value: unknown): string {
  try {
    return JSON.stringify(redactSecrets(value)) ?? "null";
  } catch {
    return '"(not serialisable)"';
  }
}

function defined(attributes: TelemetryAttributes): TelemetryAttributes {
  const out: TelemetryAttributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) out[key] = value;
  return out;
}

/** Keel's context-management facts on a `chat` span (one response) or the run's span (the totals). */
function contextAttributes(
  context:
    | {
        cleared_input_tokens: number;
        cleared_tool_uses: number;
        compaction: { input_tokens: number; output_tokens: number };
      }
    | undefined,
): Record<string, number> {
  if (context === undefined) return {};
  return {
    "keel.context.cleared_input_tokens": context.cleared_input_tokens,
    "keel.context.cleared_tool_uses": context.cleared_tool_uses,
    "keel.context.compaction.input_tokens": context.compaction.input_tokens,
    "keel.context.compaction.output_tokens": context.compaction.output_tokens,
  };
}
