import type { ToolOutcome } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import type { CompletedCall, HookContext } from "./types.js";

export function makeCall(name: string, input: unknown, id = "toolu_01"): ToolCall {
  return { id, name, input };
}

export function makeContext(overrides: Partial<HookContext> = {}): HookContext {
  return {
    runId: "run-test",
    iteration: 1,
    history: [],
    messages: [],
    batch: [],
    signal: new AbortController().signal,
    metadata: {},
    ...overrides,
  };
}

export function completed(call: ToolCall, outcome: ToolOutcome, executed = call.name): CompletedCall {
  return { call, executed, outcome };
}
