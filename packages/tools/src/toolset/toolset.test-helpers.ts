import { success, type ToolOutcome } from "@keel/errors";
import { z } from "zod";
import { defineTool } from "../definition/define-tool.js";
import type { Tool, ToolCall, ToolContext } from "../types.js";
import { createToolset, type Toolset } from "./create-toolset.js";

/** A ToolContext as the loop would build it (a fresh, never-aborted signal), for calling tools in tests. */
export function contextFor(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    signal: new AbortController().signal,
    toolUseId: "toolu_1",
    runId: "run_1",
    iteration: 1,
    metadata: {},
    ...overrides,
  };
}

export const lookupOrder = defineTool({
  name: "lookup_order",
  description: "Looks up one order. Use when the user gives an order number.",
  input: z.object({
    orderId: z.string().regex(/^ORD-\d+$/, "must be an order id like ORD-12345"),
    include: z.object({ items: z.boolean() }).optional(),
  }),
  effect: "read",
  handler: ({ orderId }) => success({ orderId, status: "shipped" }),
});

export const getCustomer = defineTool({
  name: "get_customer",
  description: "Looks up one customer. Use when the user gives an email address.",
  input: z.object({ email: z.string() }),
  effect: "read",
  handler: ({ email }) => success({ email }),
});

export const issueRefund = defineTool({
  name: "issue_refund",
  description: "Refunds an order. Use when the user asks for a refund.",
  input: z.object({ orderId: z.string(), amount: z.number().positive() }),
  effect: "write",
  handler: ({ orderId, amount }) => success({ orderId, amount }),
});

/** A call through the toolset as the tool-call path takes it: validate, then run (no hooks, no retries). */
export async function validateAndRun(
  toolset: Toolset,
  call: ToolCall,
  context: ToolContext,
): Promise<ToolOutcome> {
  const checked = toolset.validate(call);
  return checked.ok ? toolset.run(checked.tool, checked.input, context) : checked.outcome;
}

/** One call of `tool` with `input`, in a toolset of that tool alone, as the tool-call path takes it. */
export function callTool(
  tool: Tool,
  input: unknown,
  context: ToolContext = contextFor(),
): Promise<ToolOutcome> {
  return validateAndRun(createToolset([tool]), { id: "toolu_1", name: tool.name, input }, context);
}
