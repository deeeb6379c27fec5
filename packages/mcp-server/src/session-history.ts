import type { CompletedCall } from "@keel/hooks";

/**
 * The calls of one MCP session, for the hooks that reason about "earlier in this run" (a customer
 * verified before a refund, refunds of one order adding up). Over stdio one process serves one client
 * session, so the process keeps one history; stateless HTTP has none. Bounded: the oldest calls drop first.
 */
export interface SessionHistory {
  readonly runId: string;
  readonly calls: readonly CompletedCall[];
  record(call: CompletedCall): void;
}

export function createSessionHistory(runId: string, limit = 1000): SessionHistory {
  const calls: CompletedCall[] = [];
  return {
    runId,
    get calls() {
      return calls;
    },
    record(call) {
      calls.push(call);
      if (calls.length > limit) calls.splice(0, calls.length - limit);
    },
  };
}
