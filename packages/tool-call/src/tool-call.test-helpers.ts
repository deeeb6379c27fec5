import { success, transientError } from "@keel/errors";
import { definePreHook } from "@keel/hooks";
import { createToolset, defineTool } from "@keel/tools";
import { vi } from "vitest";
import { z } from "zod";

// The calls and context the hook tests build: the same HookContext serves the one tool-call path.
export { completed, makeCall, makeContext } from "../../hooks/src/hook-context.test-helpers.js";

/** Sends every process_refund call to escalate_to_human "over the limit"; allows any other call. */
export const refundToHuman = definePreHook("refund-limit", (call) =>
  call.name === "process_refund"
    ? { action: "redirect", tool: "escalate_to_human", input: { reason: "over" }, reason: "over the limit" }
    : { action: "allow" },
);

/**
 * The toolset the tool-call tests resolve against: a write whose handler records each call's idempotency
 * key, the escalation a refund is redirected to (ticket T-1), a reusable read, and a read that always fails
 * transiently (retry after 10 ms).
 */
export function tools() {
  const keys: Array<string | undefined> = [];
  const refund = vi.fn((input: { amount: number }, context: { idempotencyKey?: string }) => {
    keys.push(context.idempotencyKey);
    return success({ refunded: input.amount });
  });
  const flaky = vi.fn(() => transientError("UPSTREAM_DOWN", "Down; retry.", { retryAfterMs: 10 }));
  const toolset = createToolset([
    defineTool({
      name: "process_refund",
      description: "Refunds an amount.",
      input: z.object({ amount: z.number().positive() }),
      effect: "write",
      handler: refund,
    }),
    defineTool({
      name: "escalate_to_human",
      description: "Opens a ticket.",
      input: z.object({ reason: z.string() }),
      effect: "write",
      handler: (input) => success({ ticket_id: "T-1", reason: input.reason }),
    }),
    defineTool({
      name: "lookup",
      description: "Reads a record.",
      input: z.object({ id: z.string() }),
      effect: "read",
      reuse: true,
      handler: (input) => success({ id: input.id }),
    }),
    defineTool({ name: "flaky", description: "Fails.", input: z.object({}), effect: "read", handler: flaky }),
  ]);
  return { toolset, refund, flaky, keys };
}
