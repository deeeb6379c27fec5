import type { ToolOutcome } from "@keel/errors";
import type { CompletedCall } from "@keel/hooks";
import type { Toolset } from "@keel/tools";
import type { TextBlock, ToolResultBlock, Usage } from "@keel/wire";
import { type RunTelemetry, startTelemetry } from "../telemetry/run-telemetry.js";
import { contextSettings } from "./context-settings.js";
import { addContextUsage, type ResponseContext } from "./context-usage.js";
import { Conversation } from "./conversation.js";
import { FINAL_ANSWER_INSTRUCTION } from "./final-answer.js";
import { Limiter } from "./limiter.js";
import { type ResolvedRunOptions, resolveToolset } from "./run-options-schema.js";
import type { RunEnding, RunResult } from "./run-result.js";
import type { RunSnapshot } from "./run-snapshot.js";
import type { ToolCallRecord } from "./tool-call-record.js";
import type { TraceEvent } from "./trace-events.js";
import { addFailedAttempt, addUsage, EMPTY_USAGE, type RunUsage } from "./usage.js";

const FINAL_TEXT: TextBlock = { type: "text", text: FINAL_ANSWER_INSTRUCTION };

type WithoutTime<Event> = Event extends TraceEvent ? Omit<Event, "atMs"> : never;

/**
 * Everything one run accumulates; shared by the loop and the tool batches. Its counters (rounds, requests,
 * usage, calls) change only through its methods.
 */
export class RunState {
  readonly runId: string;
  readonly conversation: Conversation;
  /** Aborts with the caller's signal; tools and the client receive this one. */
  readonly signal: AbortSignal;
  readonly limiter: Limiter;
  readonly trace: TraceEvent[] = [];
  readonly #toolCalls: ToolCallRecord[] = [];
  /** Hook context history: every answered call, in completion order. */
  readonly #completedCalls: CompletedCall[] = [];
  /** `#completedCalls` as JSON-only copies, for snapshots: each call copied once, when first snapshotted. */
  readonly #snapshotCalls: CompletedCall[] = [];
  /** Non-error outcomes of `reuse: true` read tools, by tool name + canonical input. */
  readonly #reusable = new Map<string, ToolOutcome>();
  /** The tools calls run against now: the run's own, or the latest a `tools` function returned. */
  toolset: Toolset;
  private toolSourceResult: unknown;
  #usage: RunUsage = EMPTY_USAGE;
  /** What the model request in flight has been billed so far (its `usage` stream event), until it settles. */
  #attemptUsage: Usage | undefined;
  #toolRounds = 0;
  #modelRequests = 0;
  private readonly startedAt: number;
  /** The wall-clock start, for the trace (the `now` option is a monotonic clock). */
  readonly startedAtIso = new Date().toISOString();
  private readonly controller = new AbortController();
  private readonly unlink: () => void;
  private eagerController: AbortController | undefined;

  /**
   * Starts a run: its telemetry, its state (continued from `snapshot` when resuming: counters, answered
   * calls, and the paused assistant turn of an `awaiting_approval` snapshot), and its `run_start` event.
   */
  static async start(options: ResolvedRunOptions, snapshot?: RunSnapshot): Promise<RunState> {
    const run = new RunState(options, await startTelemetry(options));
    if (snapshot !== undefined) run.#restore(snapshot);
    const context = contextSettings(options.request, options.maxInputTokens);
    run.emit({
      type: "run_start",
      runId: run.runId,
      startedAt: run.startedAtIso,
      model: options.model,
      client: options.client.name,
      tools: run.toolset.names,
      maxIterations: options.maxIterations,
      cache: options.cache,
      ...(context === undefined ? {} : { context }),
    });
    return run;
  }

  /** OpenTelemetry spans for this run, when the caller asked for them. */
  private constructor(
    readonly options: ResolvedRunOptions,
    readonly telemetry?: RunTelemetry,
  ) {
    this.toolset = options.toolset;
    this.startedAt = options.now();
    this.runId = options.idGenerator();
    telemetry?.startRun(this.runId, options.model);
    this.signal = this.controller.signal;
    this.limiter = new Limiter(options.concurrency);
    this.conversation = new Conversation(options, this.requestTools());
    const callerSignal = options.signal;
    const abort = () => this.controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) abort();
    callerSignal?.addEventListener("abort", abort, { once: true });
    this.unlink = () => callerSignal?.removeEventListener("abort", abort);
  }

  #restore(snapshot: RunSnapshot): void {
    const last = snapshot.messages.at(-1)!;
    // A paused turn (awaiting approval, or a checkpoint taken before its tools ran) joins after `messages`.
    if (snapshot.status !== "model_error" && last.role === "assistant") this.conversation.append(last);
    this.#usage = snapshot.usage;
    this.#toolRounds = snapshot.iterations;
    this.#modelRequests = snapshot.modelRequests;
    this.#completedCalls.push(...snapshot.calls);
  }

  /** Tool rounds answered so far. */
  get toolRounds(): number {
    return this.#toolRounds;
  }

  get modelRequests(): number {
    return this.#modelRequests;
  }

  get usage(): RunUsage {
    return this.#usage;
  }

  get toolCalls(): readonly ToolCallRecord[] {
    return this.#toolCalls;
  }

  /** The live hook-context history (the same array as calls are entered). */
  get completedCalls(): readonly CompletedCall[] {
    return this.#completedCalls;
  }

  /**
   * The answered calls as a snapshot holds them (JSON only), each copied once: a checkpoint every round costs
   * the calls answered since the last one, not the whole history again.
   */
  get snapshotCalls(): readonly CompletedCall[] {
    for (let index = this.#snapshotCalls.length; index < this.#completedCalls.length; index += 1) {
      this.#snapshotCalls.push(JSON.parse(JSON.stringify(this.#completedCalls[index]) ?? "null"));
    }
    return this.#snapshotCalls;
  }

  get reusable(): ReadonlyMap<string, ToolOutcome> {
    return this.#reusable;
  }

  /** Counts a model request about to be sent; returns its 1-based number. */
  startRequest(): number {
    this.#modelRequests += 1;
    return this.#modelRequests;
  }

  /** The next request repeats one a crashed process may have sent: counted in `usage.repeated_requests`. */
  requestRepeated(): void {
    this.#usage = { ...this.#usage, repeated_requests: (this.#usage.repeated_requests ?? 0) + 1 };
  }

  /** What the request in flight has been billed so far (a `usage` stream event). */
  attemptBilled(usage: Usage): void {
    this.#attemptUsage = usage;
  }

  /** The client retries: the failed attempt's usage (from its `retry` event) counts as failed. */
  attemptRetried(usage: Usage | undefined): void {
    this.#attemptUsage = undefined; // the retry event reports the same attempt's usage
    if (usage) this.#usage = addFailedAttempt(this.#usage, usage);
  }

  /** The request failed or was aborted after the API started answering: what it was billed counts as failed. */
  attemptFailed(): void {
    if (this.#attemptUsage !== undefined) this.#usage = addFailedAttempt(this.#usage, this.#attemptUsage);
    this.#attemptUsage = undefined;
  }

  /** The request was answered: its usage joins the totals. */
  responseReceived(usage: Usage | undefined, context: ResponseContext | undefined): void {
    this.#attemptUsage = undefined;
    this.#usage = addUsage(this.#usage, usage);
    if (context !== undefined) {
      this.#usage = {
        ...this.#usage,
        context_management: addContextUsage(this.#usage.context_management, context),
      };
    }
  }

  /** Enters one tool round's results as the next user turn (with the final-answer instruction after the last round). */
  answerTurn(results: readonly ToolResultBlock[]): void {
    this.#toolRounds += 1;
    const last = this.#toolRounds >= this.options.maxIterations;
    this.conversation.append({ role: "user", content: last ? [...results, FINAL_TEXT] : [...results] });
  }

  /** A call's outcome enters the hook history (and, for a fresh `reuse: true` read, the reuse memory). */
  completeCall(
    completed: CompletedCall,
    reuse?: { readonly key: string; readonly outcome: ToolOutcome },
  ): void {
    this.#completedCalls.push(completed);
    if (reuse !== undefined && !this.#reusable.has(reuse.key)) this.#reusable.set(reuse.key, reuse.outcome);
  }

  /** Adds answered calls to the result's `toolCalls`, in block order. */
  recordCalls(records: readonly ToolCallRecord[]): void {
    this.#toolCalls.push(...records);
  }

  private requestTools() {
    const { serverTools } = this.options;
    return serverTools.length === 0
      ? this.toolset.anthropicTools
      : [...this.toolset.anthropicTools, ...serverTools];
  }

  /**
   * Asks the `tools` function again (before a model request); when it returns something new, later
   * requests and calls use those tools. New tools that cannot be used (two with one name, say) are
   * reported and the current ones kept: a live list must never break a run.
   */
  refreshTools(): void {
    const source = this.options.toolSource;
    if (source === undefined) return;
    let next: Toolset;
    try {
      const returned = source();
      if (returned === this.toolSourceResult) return;
      this.toolSourceResult = returned;
      next = resolveToolset(returned);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.emit({ type: "tools_changed", tools: this.toolset.names, added: [], removed: [], error: message });
      return;
    }
    if (sameTools(next, this.toolset)) return;
    const before = new Set(this.toolset.names);
    const after = new Set(next.names);
    this.toolset = next;
    this.conversation.setTools(this.requestTools());
    this.emit({
      type: "tools_changed",
      tools: next.names,
      added: next.names.filter((name) => !before.has(name)),
      removed: [...before].filter((name) => !after.has(name)),
    });
  }

  /**
   * The signal of calls started while a response streams: it follows the run's abort, and `abortEager`
   * stops early calls the final message dropped without stopping the run. Shared across rounds (an
   * AbortController is costly to create); rounds never overlap.
   */
  eagerSignal(): AbortSignal {
    if (this.eagerController === undefined) {
      const controller = new AbortController();
      this.eagerController = controller;
      // No unlink needed: this.signal belongs to this run and goes away with it.
      this.signal.addEventListener("abort", () => controller.abort(this.signal.reason), { once: true });
    }
    return this.eagerController.signal;
  }

  /** Aborts the current eager signal; later rounds get a fresh one. */
  abortEager(): void {
    const controller = this.eagerController;
    this.eagerController = undefined;
    controller?.abort();
  }

  elapsed(since = this.startedAt): number {
    return this.options.now() - since;
  }

  now(): number {
    return this.options.now();
  }

  /** Records an event and delivers it live; a throwing listener cannot break the run. */
  emit(event: WithoutTime<TraceEvent>): void {
    // The event literal is ours and fresh: stamping it in place saves a copy per event.
    const timed = event as TraceEvent & { atMs: number };
    timed.atMs = this.elapsed();
    this.trace.push(timed);
    try {
      this.options.onEvent?.(timed);
    } catch {
      // The trace is also returned; a broken live listener only loses its own copy.
    }
  }

  /** Ends the run: the `end` event, the telemetry, and the result with what its status guarantees. */
  finish(ending: RunEnding, text = ""): RunResult {
    this.unlink();
    this.emit({
      type: "end",
      status: ending.status,
      iterations: this.#toolRounds,
      modelRequests: this.#modelRequests,
      usage: this.#usage,
    });
    // The ending's fields first, then the summary's, as `{ ...ending, runId, … }` would, but without its cost:
    // V8 gives an object spread followed by more fields a fresh map each time (~10 µs a run; issue 30).
    const result: RunResult = Object.assign({}, ending, {
      runId: this.runId,
      text,
      messages: this.conversation.messages,
      usage: this.#usage,
      iterations: this.#toolRounds,
      modelRequests: this.#modelRequests,
      toolCalls: this.#toolCalls,
      trace: this.trace,
      durationMs: this.elapsed(),
    });
    this.telemetry?.endRun(result);
    return result;
  }
}

/** The same tool objects in the same order: nothing the model or a call would notice changed. */
function sameTools(a: Toolset, b: Toolset): boolean {
  return a.tools.length === b.tools.length && a.tools.every((tool, index) => tool === b.tools[index]);
}
