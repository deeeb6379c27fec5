import type { ToolHooks } from "@keel/hooks";
import type { Tool, Toolset } from "@keel/tools";
import type { MessageParam, TextBlock } from "@keel/wire";
import type { ServerToolDefinition } from "@keel/wire/internal";
import type { ModelClient, ModelStreamEvent } from "../clients/model-client.js";
import type { RetryOptions } from "../retry-options.js";
import type { TelemetryOptions } from "../telemetry/telemetry-options.js";
import type { ContextOptions } from "./context-options.js";
import type { RequestParameters } from "./request-parameters.js";
import type { RunSnapshot } from "./run-snapshot.js";
import type { TraceEvent } from "./trace-events.js";

// biome-ignore lint/suspicious/noExplicitAny: each tool validates its own input schema; the array mixes them.
type AnyTool = Tool<any, any>;

/**
 * Options of `runAgent`: `client`, `model`, and exactly one of `prompt` and `messages` (checked before the
 * run starts); every other option has a default.
 */
export interface RunOptions {
  readonly client: ModelClient;
  readonly model: string;
  /** Starts the history with one user message. */
  readonly prompt?: string | undefined;
  /** An existing history; it must start and end with a user turn. The objects are not copied: do not mutate them. */
  readonly messages?: readonly MessageParam[] | undefined;
  readonly system?: string | readonly TextBlock[] | undefined;
  /**
   * Tools as an array (a toolset is built once), a prebuilt toolset, or a function returning either: it is
   * called before every model request, and when it returns something else than the last time (an MCP
   * server's list changed, say) the next request carries the new tools and calls run against them.
   */
  readonly tools?: readonly AnyTool[] | Toolset | (() => readonly AnyTool[] | Toolset) | undefined;
  readonly hooks?: ToolHooks | undefined;
  /**
   * Anthropic server tools the API runs itself, sent after the Keel tools: e.g. `{ type:
   * "web_search_20250305", name: "web_search", max_uses: 5 }` or code execution. Their blocks stay in the
   * history untouched; `pause_turn` continues; a code-execution container is carried to the next request.
   */
  readonly serverTools?: readonly ServerToolDefinition[] | undefined;
  /** Tool rounds before the forced final answer. Default 10. */
  readonly maxIterations?: number | undefined;
  /** `max_tokens` of every request. Default 4096. */
  readonly maxTokens?: number | undefined;
  /**
   * Messages API parameters sent on every request — `thinking`, `temperature`, `top_p`, `top_k`,
   * `stop_sequences`, `metadata`, `tool_choice`, `service_tier`, `betas` — validated before the run with the
   * API's rules (with thinking: `maxTokens` above `budget_tokens`, tool choice `auto` or `none`). The forced
   * final answer still sends `tool_choice: none`.
   */
  readonly request?: RequestParameters | undefined;
  /**
   * Long conversations: server-side compaction, tool-use and thinking clearing (with their betas), and
   * `maxInputTokens`, a per-request budget checked before sending. See the README's "Context management".
   */
  readonly context?: ContextOptions | undefined;
  /** Consecutive `pause_turn` (and `compaction` pause) continuations allowed. Default 5. */
  readonly maxPauseTurns?: number | undefined;
  readonly retry?: RetryOptions | undefined;
  /** Read tools of one batch running at once. Default 8. */
  readonly concurrency?: number | undefined;
  /** Prompt-cache breakpoints on the system + tools prefix and the newest turn. Default true. */
  readonly cache?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Receives each trace event as it happens. A throwing listener is ignored. */
  readonly onEvent?: ((event: TraceEvent) => void) | undefined;
  /**
   * OpenTelemetry GenAI spans (and metrics) for the run: `invoke_agent`, `chat` per request, `execute_tool`
   * per call, with Keel's outcome facts under `keel.`. Needs `@opentelemetry/api` installed. Absent: no
   * telemetry work at all.
   */
  readonly telemetry?: TelemetryOptions | undefined;
  /** Receives the client's live stream events (text deltas, completed blocks), e.g. to print text as it arrives. */
  readonly onStreamEvent?: ((event: ModelStreamEvent) => void) | undefined;
  /** Passed untouched to tool and hook contexts (e.g. the authenticated role). */
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
  /** Waits between retries; must settle early when the signal aborts. Default: a timer. */
  readonly sleep?: ((milliseconds: number, signal: AbortSignal) => Promise<void>) | undefined;
  /** Jitter source in [0, 1). Default Math.random. */
  readonly random?: (() => number) | undefined;
  /** Monotonic clock in milliseconds for durations. Default performance.now. */
  readonly now?: (() => number) | undefined;
  /**
   * Saves the run as it goes, for a run that must outlive its process (`@keel/durable-runs` passes one). Called
   * with a `running` RunSnapshot once before the first request, after every model response the run goes on
   * from (before its tools run) and after every settled tool batch; each call is awaited before the run goes
   * on, so the latest saved snapshot is always one `resumeRun(snapshot, [], …)` continues from exactly. A
   * throwing checkpoint ends the run with `model_error` (`internal`): nothing is done that could not be saved.
   */
  readonly checkpoint?: ((snapshot: RunSnapshot) => Promise<void> | void) | undefined;
  /** Produces the run id (part of every idempotency key). Default crypto.randomUUID. */
  readonly idGenerator?: (() => string) | undefined;
}
