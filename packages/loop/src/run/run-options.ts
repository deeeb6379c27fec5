import type { ToolHooks } from "@keel/hooks";
import type { Tool, Toolset } from "@keel/tools";
import type { MessageParam, ServerToolDefinition, TextBlock } from "@keel/wire";
import type { ModelClient, ModelStreamEvent } from "../clients/model-client.js";
import type { TelemetryOptions } from "../telemetry/telemetry-options.js";
import type { RequestParameters } from "./request-parameters.js";
import type { TraceEvent } from "./trace-events.js";

/** Automatic retries of transient tool outcomes (never of business, permission or validation). */
export interface RetryOptions {
  /** Attempts per call, the first included. Default 3; 1 disables retries. */
  readonly maxAttempts?: number;
  /** First backoff delay; doubles per attempt, with jitter. Default 200 ms. */
  readonly baseDelayMs?: number;
  /** Ceiling of one delay. A `retryAfterMs` above it is not waited for: the outcome goes to the model. Default 5000 ms. */
  readonly maxDelayMs?: number;
}

/** Options of `runAgent`. Give exactly one of `prompt` and `messages`. */
export interface RunOptions {
  readonly client: ModelClient;
  readonly model: string;
  readonly system?: string | readonly TextBlock[];
  /**
   * Tools as an array (a toolset is built once), a prebuilt toolset, or a function returning either: it is
   * called before every model request, and when it returns something else than the last time (an MCP
   * server's list changed, say) the next request carries the new tools and calls run against them.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each tool validates its own input schema; the array mixes them.
  readonly tools?: readonly Tool<any, any>[] | Toolset | (() => readonly Tool<any, any>[] | Toolset);
  readonly hooks?: ToolHooks;
  /**
   * Anthropic server tools the API runs itself, sent after the Keel tools: e.g. `{ type:
   * "web_search_20250305", name: "web_search", max_uses: 5 }` or code execution. Their blocks stay in the
   * history untouched; `pause_turn` continues; a code-execution container is carried to the next request.
   */
  readonly serverTools?: readonly ServerToolDefinition[];
  /** Starts the history with one user message. */
  readonly prompt?: string;
  /** An existing history; it must start and end with a user turn. The objects are not copied: do not mutate them. */
  readonly messages?: readonly MessageParam[];
  /** Tool rounds before the forced final answer. Default 10. */
  readonly maxIterations?: number;
  /** `max_tokens` of every request. Default 4096. */
  readonly maxTokens?: number;
  /**
   * Messages API parameters sent on every request — `thinking`, `temperature`, `top_p`, `top_k`,
   * `stop_sequences`, `metadata`, `tool_choice`, `service_tier`, `betas` — validated before the run with the
   * API's rules (with thinking: `maxTokens` above `budget_tokens`, tool choice `auto` or `none`). The forced
   * final answer still sends `tool_choice: none`.
   */
  readonly request?: RequestParameters;
  /** `pause_turn` continuations allowed in one run. Default 5. */
  readonly maxPauseTurns?: number;
  readonly retry?: RetryOptions;
  /** Read tools of one batch running at once. Default 8. */
  readonly concurrency?: number;
  /** Prompt-cache breakpoints on the system + tools prefix and the newest turn. Default true. */
  readonly cache?: boolean;
  readonly signal?: AbortSignal;
  /** Receives each trace event as it happens. A throwing listener is ignored. */
  readonly onEvent?: (event: TraceEvent) => void;
  /**
   * OpenTelemetry GenAI spans (and metrics) for the run: `invoke_agent`, `chat` per request, `execute_tool`
   * per call, with Keel's outcome facts under `keel.`. Needs `@opentelemetry/api` installed. Absent: no
   * telemetry work at all.
   */
  readonly telemetry?: TelemetryOptions;
  /** Receives the client's live stream events (text deltas, completed blocks), e.g. to print text as it arrives. */
  readonly onStreamEvent?: (event: ModelStreamEvent) => void;
  /** Passed untouched to tool and hook contexts (e.g. the authenticated role). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Waits between retries; must settle early when the signal aborts. Default: a timer. */
  readonly sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  readonly random?: () => number;
  /** Monotonic clock in milliseconds for durations. Default performance.now. */
  readonly now?: () => number;
  /** Produces the run id (part of every idempotency key). Default crypto.randomUUID. */
  readonly idGenerator?: () => string;
}
