import type { ErrorOutcome, ToolOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import type { MessageParam } from "@keel/wire";

/**
 * What a pre-tool hook decides. Most restrictive wins when composed: block > hold > redirect > rewrite >
 * allow. `hold` stops the call until a person decides (`approver` names who may: a role, a queue); the
 * agent loop then pauses the run with status `awaiting_approval`.
 */
export type PreToolDecision =
  | { readonly action: "allow" }
  | { readonly action: "block"; readonly error: ErrorOutcome; readonly hook?: string | undefined }
  | {
      readonly action: "hold";
      readonly reason: string;
      readonly approver?: string | undefined;
      readonly hook?: string | undefined;
      /** Set by the composition: the call as the hooks left it (a later redirect or rewrite still applies). */
      readonly tool?: string | undefined;
      readonly input?: unknown;
    }
  | {
      readonly action: "redirect";
      readonly tool: string;
      readonly input: unknown;
      readonly reason: string;
      readonly hook?: string | undefined;
    }
  | {
      readonly action: "rewrite";
      readonly input: unknown;
      readonly reason: string;
      readonly hook?: string | undefined;
    };

/**
 * What the pre-hooks decided about a call, as the tool-call path reports it (`null` there when the call never
 * reached the hooks: unknown tool, invalid input, denied).
 */
export type HookDecision = PreToolDecision["action"];

/** An earlier call of this run and the outcome that entered the history for it. */
export interface CompletedCall {
  readonly call: ToolCall;
  /** The tool that actually ran (differs from call.name after a redirect). */
  readonly executed: string;
  readonly outcome: ToolOutcome;
}

export interface HookContext {
  readonly runId: string;
  readonly iteration: number;
  /** Every earlier call of the run, in order, with its final outcome. */
  readonly history: readonly CompletedCall[];
  /**
   * The conversation as the model had it when it asked for this call: the messages the run started from
   * (earlier user turns and runs included) and every turn since, ending with the assistant turn that holds
   * this call. The caller's live, append-only history, passed by reference: read it, never keep or change
   * it. A read started while the response still streams sees it without that turn. `[]` where the caller
   * does not know the conversation (an MCP server). `conversationCalls(messages)` lists its tool calls.
   */
  readonly messages: readonly MessageParam[];
  /** All calls of the current parallel batch (including this one). */
  readonly batch: readonly ToolCall[];
  readonly signal: AbortSignal;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface PreToolHook {
  readonly name: string;
  /** Limit for this hook; a hook that exceeds it fails closed (block). */
  readonly timeoutMs?: number | undefined;
  decide(call: ToolCall, context: HookContext): PreToolDecision | Promise<PreToolDecision>;
}

export interface PostToolHook {
  readonly name: string;
  readonly timeoutMs?: number | undefined;
  /** `call.name` is the tool that ran. Return the outcome that enters the history. */
  transform(call: ToolCall, outcome: ToolOutcome, context: HookContext): ToolOutcome | Promise<ToolOutcome>;
}

/** The pre- and post-tool hooks one caller applies to every call: `runAgent({ hooks })`, the MCP server's. */
export interface ToolHooks {
  readonly pre?: readonly PreToolHook[] | undefined;
  readonly post?: readonly PostToolHook[] | undefined;
}
