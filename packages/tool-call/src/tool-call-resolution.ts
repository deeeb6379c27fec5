import type { ErrorOutcome, ToolOutcome } from "@keel/errors";
import type { HookContext, HookDecision, PostToolHook, PreToolHook } from "@keel/hooks";
import type { Tool, ToolCall, Toolset } from "@keel/tools";
import type { IdempotencyRecords } from "./idempotency-records.js";

/** A call a hook held for a person's decision: why, and who may decide. */
export interface HeldCall {
  readonly reason: string;
  readonly approver?: string;
}

/** Everything that happened to one tool call, from the request to the outcome that enters the history. */
export interface ToolCallResolution {
  /** The outcome the model sees: after post-hooks, and naming both tools after a redirect. */
  readonly outcome: ToolOutcome;
  /** The call as it was asked for. */
  readonly requested: ToolCall;
  /** The call that ran (the tool and the validated input it received), or null when nothing ran. */
  readonly executed: ToolCall | null;
  readonly decision: HookDecision | null;
  /** The hook behind a non-allow decision. */
  readonly hook?: string;
  /** Why a hook redirected or rewrote the call. */
  readonly reason?: string;
  /** Set when a hook held the call: nothing ran, and `outcome` is APPROVAL_REQUIRED for callers that cannot pause. */
  readonly held?: HeldCall;
  /** Handler runs, retries included; 0 when nothing ran or the outcome was reused. */
  readonly attempts: number;
  /** The outcome of an identical earlier read was reused (see `ToolCallOptions.reuse`). */
  readonly reused: boolean;
  /**
   * A fresh non-error outcome of a `reuse: true` read, for the caller to remember under `key` once the call
   * is entered into its run (a call started early may still be discarded, so the pipeline does not store it).
   */
  readonly reusable?: { readonly key: string; readonly outcome: ToolOutcome };
  /** From the start of validation to the final outcome, on `ToolCallOptions.clock`. */
  readonly durationMs: number;
}

/** When a failed attempt is tried again: attempts in all, how long to wait, how to wait. */
export interface ToolRetryPolicy {
  /** Handler runs in all, the first included; 1 means no retry. */
  readonly maxAttempts: number;
  /**
   * Milliseconds to wait before `attempt` (2 = the first retry); `retryAfterMs` is the tool's own hint.
   * `null` gives the failure to the model at once (e.g. a hint longer than the caller will wait).
   */
  delayMs(attempt: number, retryAfterMs: number | undefined): number | null;
  /** Resolves after the delay, or early when the signal aborts. */
  sleep(milliseconds: number, signal: AbortSignal): Promise<void>;
}

/** Reported before each retry of a call. */
export interface ToolRetryEvent {
  readonly toolUseId: string;
  readonly tool: string;
  /** The attempt about to start (2 = the first retry). */
  readonly attempt: number;
  readonly delayMs: number;
  /** The code of the failure being retried. */
  readonly code: string;
}

/** What `resolveToolCall` resolves a call against. Only `toolset` and `context` are required. */
export interface ToolCallOptions {
  readonly toolset: Toolset;
  readonly preHooks?: readonly PreToolHook[] | undefined;
  readonly postHooks?: readonly PostToolHook[] | undefined;
  /** The run the call belongs to, as the hooks see it; the handler gets its run id, round, signal, metadata. */
  readonly context: HookContext;
  /**
   * May this caller use this tool? Checked on the tool asked for and again on the tool a hook redirects to.
   * Return the (permission) error to answer with, or null to allow.
   */
  readonly authorize?: ((tool: Tool) => ErrorOutcome | null) | undefined;
  /**
   * The idempotency key a write receives (reads get none), or the error to answer with when the caller's
   * key is unusable. Default: derived from the run id, the tool and the canonical input (`idempotencyKey`).
   */
  readonly idempotencyKey?: ((tool: Tool, input: unknown) => string | ErrorOutcome) | undefined;
  /**
   * Where each write's key is bound to its request (tool + canonical input) before the handler runs; a key
   * reused for another request is answered `IDEMPOTENCY_KEY_REUSED` (validation) and nothing runs. Give your
   * store's records so the rule holds across processes; default: in memory, per toolset.
   */
  readonly idempotencyRecords?: IdempotencyRecords | undefined;
  /**
   * Default `toolRetryPolicy()`: 3 attempts, 200 ms doubling to 5 s (`DEFAULT_TOOL_RETRY`), the same for every
   * caller; `toolRetryPolicy({ maxAttempts: 1 })` turns retries off. Retries follow `recoveryFor`: only
   * transient, retryable failures.
   */
  readonly retry?: ToolRetryPolicy | undefined;
  readonly onRetry?: ((event: ToolRetryEvent) => void) | undefined;
  /** Earlier non-error outcomes of `reuse: true` reads in this run, by `ToolCallResolution.reusable.key`. */
  readonly reuse?: ReadonlyMap<string, ToolOutcome> | undefined;
  /**
   * A person approved exactly this call (its tool and input): a hook's `hold` counts as allow. Every other
   * check still runs — validation, blocks, redirects — so an approved edit cannot slip past a rule.
   */
  readonly approved?: boolean | undefined;
  /** Milliseconds for `durationMs`. Default `performance.now`. */
  readonly clock?: (() => number) | undefined;
}
