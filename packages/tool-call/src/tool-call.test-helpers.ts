import type { ToolOutcome } from "@keel/errors";
import { type CompletedCall, definePreHook, type HookContext } from "@keel/hooks";
import type { ToolCall } from "@keel/tools";

export function makeCall(name: string, input: unknown, id = "toolu_01"): ToolCall {
  return { id, name, input };
}

export function makeContext(overrides: Partial<HookContext> = {}): HookContext {
  return {
    runId: "run-test",
    iteration: 1,
    history: [],
    batch: [],
    messages: [],
    signal: new AbortController().signal,
    metadata: {},
    ...overrides,
  };
}

export function completed(call: ToolCall, outcome: ToolOutcome, executed = call.name): CompletedCall {
  return { call, executed, outcome };
}

/** Sends every process_refund call to escalate_to_human "over the limit"; allows any other call. */
export const refundToHuman = definePreHook("refund-limit", (call) =>
  call.name === "process_refund"
    ? { action: "redirect", tool: "escalate_to_human", input: { reason: "over" }, reason: "over the limit" }
    : { action: "allow" },
);
