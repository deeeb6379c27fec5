import { toolResultText } from "@keel/errors/internal";
import type { HookContext } from "@keel/hooks";
import type { ToolCall, ToolEffect } from "@keel/tools";
import type { ToolResultBlock, ToolUseBlock } from "@keel/wire";
import type { HeldPlace } from "./pause-run.js";
import type { RunState } from "./run-state.js";
import { type CallResult, resolveToolUse } from "./tool-call.js";
import type { ToolCallRecord } from "./tool-call-record.js";
import type { ToolCallEvent } from "./trace-events.js";

interface EagerCall {
  readonly name: string;
  /** The block the call started from (its input is the call's input). */
  readonly block: ToolUseBlock;
  readonly result: Promise<CallResult>;
}

const hookOf = (hook: string | undefined) => (hook === undefined ? {} : { hook });
const toCall = (block: ToolUseBlock): ToolCall => ({ id: block.id, name: block.name, input: block.input });
/** Same name and same input JSON; a reordered but equal input counts as changed (it just runs again). */
const fingerprint = (block: ToolUseBlock): string => `${block.name}\u0000${JSON.stringify(block.input)}`;

/**
 * `{ type: "tool_call", ...record (without outcome and executedInput), preview }`: the same keys in the same
 * order, copied one by one (an object rest and a spread followed by a field cost several times as much in V8;
 * issue 30). A record is a plain object of `toResult`'s (no `__proto__` key).
 */
function toolCallEvent(record: ToolCallRecord, preview: string): Omit<ToolCallEvent, "atMs"> {
  const event: Record<string, unknown> = { type: "tool_call" };
  for (const key of Object.keys(record)) {
    if (key !== "outcome" && key !== "executedInput") event[key] = record[key as keyof ToolCallRecord];
  }
  event.preview = preview;
  return event as unknown as Omit<ToolCallEvent, "atMs">;
}

/**
 * The tool calls of one assistant turn. Order: the batch is split at each write tool. Reads between writes
 * run concurrently (bounded by `concurrency`); a write runs alone, after every call before it and before
 * every call after it, so each call observes the writes the model placed before it.
 *
 * Streaming: a read in the first segment (no write completed before it) starts at its own
 * content_block_stop. Its result is used only if the final message holds the exact same block (id, name,
 * input); otherwise it is aborted, awaited and dropped. Early calls share the run's eager signal, aborted
 * only once every adopted call has settled, so only the dropped ones still running see it.
 */
export class ToolBatch {
  /** The calls of this batch, as the hook context sees them (during streaming: those completed so far). */
  private readonly calls: ToolCall[] = [];
  private readonly eager = new Map<string, EagerCall>();
  /** Eager calls the final message does not adopt, still to be aborted and awaited. */
  private readonly dropped: EagerCall[] = [];
  private writeSeen = false;
  private eagerContext: HookContext | undefined;

  constructor(
    private readonly run: RunState,
    private readonly iteration: number,
    /** Calls a person approved (resume): a hook's hold counts as allow for them. */
    private readonly approved?: ReadonlySet<string>,
  ) {}

  /** A tool_use block finished streaming while the response continues. */
  blockCompleted(block: ToolUseBlock): void {
    if (this.writeSeen || this.eager.has(block.id) || this.run.signal.aborted) return;
    this.calls.push(toCall(block));
    const effect = this.effectOf(block);
    if (effect === "write") this.writeSeen = true;
    if (effect !== "read") return;
    const call = this.calls.at(-1)!;
    const context = this.startEager();
    const result = this.run.limiter.run(() => this.resolve(call, context, true));
    this.eager.set(block.id, { name: block.name, block, result });
  }

  /** The requested tool's effect for this call (a memory `view` reads); undefined for an unknown tool. */
  private effectOf(block: ToolUseBlock): ToolEffect | undefined {
    const tool = this.run.toolset.get(block.name);
    return tool === undefined ? undefined : (tool.callEffect?.(block.input) ?? tool.effect);
  }

  private startEager(): HookContext {
    this.eagerContext ??= this.hookContext(this.run.eagerSignal());
    return this.eagerContext;
  }

  /**
   * Runs every block (adopting matching eager calls) and returns the tool_results in block order. When the
   * run aborts, every started call settles first and each call that never started is answered with
   * RUN_ABORTED (through the same tool-call path, which runs nothing once aborted), so the history stays a
   * valid one to continue from: every tool_use answered, and what did run recorded.
   */
  async settle(blocks: readonly ToolUseBlock[]): Promise<{
    readonly results: ToolResultBlock[];
    readonly aborted: boolean;
    /** The calls a hook held for a person, in block order: the run pauses on them. */
    readonly held: readonly HeldPlace[];
  }> {
    const calls = blocks.map(toCall);
    this.calls.length = 0;
    for (const call of calls) this.calls.push(call);
    const context = this.hookContext(this.run.signal);
    const results: Array<CallResult | undefined> = new Array(blocks.length);
    let reads: Array<Promise<void>> = [];
    for (let index = 0; index < blocks.length; index += 1) {
      const block = blocks[index]!;
      const write = this.effectOf(block) === "write";
      if (write && reads.length > 0) {
        await Promise.all(reads);
        reads = [];
      }
      if (this.run.signal.aborted) break;
      const adopted = this.adopt(block);
      if (write) {
        results[index] = this.enter(await this.resolve(calls[index]!, context, false));
      } else {
        const started = adopted ?? this.run.limiter.run(() => this.resolve(calls[index]!, context, false));
        reads.push(
          started.then((result) => {
            results[index] = this.enter(result);
          }),
        );
      }
    }
    // The usual turn has one read: awaited as it is, Promise.all only for several (issue 30).
    if (reads.length === 1) await reads[0];
    else if (reads.length > 1) await Promise.all(reads);
    const discarding = this.discard();
    if (discarding !== undefined) await discarding;
    for (let index = 0; index < blocks.length; index += 1) {
      results[index] ??= this.enter(await this.resolve(calls[index]!, context, false));
    }
    this.run.recordCalls(results.map((result) => result!.record));
    // A loop, not flatMap: no array per call (issue 30).
    const held: HeldPlace[] = [];
    for (let index = 0; index < results.length; index += 1) {
      const result = results[index];
      if (result?.held === undefined) continue;
      held.push({ index, call: calls[index]!, held: { ...result.held, ...hookOf(result.record.hook) } });
    }
    return { results: results.map((result) => result!.block), aborted: this.run.signal.aborted, held };
  }

  /** Aborts and awaits every eager call that was not adopted, so none is left running unobserved. */
  discard(): Promise<void> | undefined {
    for (const [id, call] of this.eager) this.drop(id, call, "unused");
    this.eager.clear();
    if (this.dropped.length === 0) return undefined;
    const pending = this.dropped.splice(0);
    // Adopted calls have all settled by now (settle awaits them first): only dropped ones see this.
    this.run.abortEager();
    return Promise.all(pending.map((call) => call.result)).then(() => {});
  }

  private adopt(block: ToolUseBlock): Promise<CallResult> | undefined {
    const eager = this.eager.get(block.id);
    if (eager === undefined) return undefined;
    this.eager.delete(block.id);
    // The very block it started from (a whole message replayed as events, or a stream whose final message
    // keeps its blocks) is adopted as is; another object only with the same name and input JSON.
    if (eager.block === block || fingerprint(eager.block) === fingerprint(block)) return eager.result;
    this.drop(block.id, eager, "changed");
    return undefined;
  }

  private drop(id: string, call: EagerCall, reason: "changed" | "unused"): void {
    this.dropped.push(call);
    this.run.emit({ type: "eager_discarded", id, name: call.name, reason });
  }

  /** Enters a finished call into the run: hook history, reuse memory and the live trace. */
  private enter(result: CallResult): CallResult {
    const { record, block, completed, reuse } = result;
    this.run.completeCall(completed, reuse);
    this.run.emit(toolCallEvent(record, toolResultText(block).slice(0, 160)));
    return result;
  }

  private resolve(call: ToolCall, context: HookContext, eager: boolean): Promise<CallResult> {
    return resolveToolUse(this.run, call, context, eager, this.approved?.has(call.id) === true);
  }

  /** What the hooks see of this batch: its round, its calls so far, and the signal its calls obey. */
  private hookContext(signal: AbortSignal): HookContext {
    const { run } = this;
    return {
      runId: run.runId,
      iteration: this.iteration,
      history: run.completedCalls,
      // The live history by reference: no per-round copy, whatever its length.
      messages: run.conversation.messages,
      batch: this.calls,
      signal,
      metadata: run.options.metadata,
    };
  }
}
