import { businessError, success, type ToolOutcome, transientError } from "@keel/errors";
import { thresholdRedirect } from "@keel/hooks";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import type {
  ContentBlock,
  Message,
  MessageCreateRequest,
  StopReason,
  TextBlock,
  ToolUseBlock,
} from "@keel/wire";
import { z } from "zod";
import type { ModelClient, ModelRequestOptions } from "../clients/model-client.js";
import { ScriptedClient, type ScriptFunction, type ScriptStep } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import type { RunOptions } from "./run-options.js";
import type { RunResult } from "./run-result.js";

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets every pending promise callback run (several microtask hops, no timers). */
export async function flush(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

export const text = (value: string): TextBlock => ({ type: "text", text: value });

export const toolUse = (id: string, name: string, input: Record<string, unknown> = {}): ToolUseBlock => ({
  type: "tool_use",
  id,
  name,
  input,
});

/** Messages as JSON with the outgoing cache breakpoints removed, to compare requests with stored history. */
export function withoutBreakpoints(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === "cache_control" ? undefined : item)));
}

/** A scripted response (ScriptedClient completes ids and usage). */
export const reply = (
  content: ContentBlock[],
  stopReason?: StopReason,
  extra: Partial<Pick<Message, "usage" | "stop_sequence" | "stop_details">> = {},
): ScriptStep => ({ content, ...(stopReason === undefined ? {} : { stop_reason: stopReason }), ...extra });

export const answer = (value: string): ScriptStep => reply([text(value)], "end_turn");

/** The model calls `name` once with `input` (tool_use id "t1"), then answers "ok". */
export const oneCall = (name: string, input: Record<string, unknown> = {}): ScriptStep[] => [
  reply([toolUse("t1", name, input)]),
  answer("ok"),
];

/**
 * runAgent with a ScriptedClient serving `script`, model "m" and prompt "go" unless `options` give others.
 * Returns the client too, for the requests it received.
 */
export async function runScript(
  script: ScriptStep[] | ScriptFunction,
  options: Partial<Omit<RunOptions, "client">> = {},
): Promise<{ client: ScriptedClient; result: RunResult }> {
  const client = new ScriptedClient(script);
  const result = await runAgent({ client, model: "m", prompt: "go", ...options });
  return { client, result };
}

/** A full Message, for hand-written clients. */
export function message(content: ContentBlock[], stopReason: StopReason, index = 0): Message {
  return {
    id: `msg_${index}`,
    type: "message",
    role: "assistant",
    model: "test-model",
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

/** A client built from a function; the test controls events and timing. */
export function functionClient(
  create: (request: MessageCreateRequest, options: ModelRequestOptions, index: number) => Promise<Message>,
): ModelClient & { readonly requests: MessageCreateRequest[] } {
  const requests: MessageCreateRequest[] = [];
  return {
    name: "function",
    requests,
    create(request, options = {}) {
      requests.push(request);
      return create(request, options, requests.length - 1);
    },
  };
}

type Handler = (input: Record<string, unknown>, context: ToolContext) => ToolOutcome | Promise<ToolOutcome>;

/** A tool that accepts any object input and records every call. */
export function spyTool(
  name: string,
  effect: "read" | "write",
  handler: Handler = (input) => success({ tool: name, input }),
  extra: { reuse?: boolean; timeoutMs?: number } = {},
): Tool & { readonly calls: Array<{ input: Record<string, unknown>; context: ToolContext }> } {
  const calls: Array<{ input: Record<string, unknown>; context: ToolContext }> = [];
  const tool = defineTool({
    name,
    description: `${name}: a test tool.`,
    input: z.looseObject({}),
    effect,
    ...extra,
    handler: (input: Record<string, unknown>, context: ToolContext) => {
      calls.push({ input, context });
      return handler(input, context);
    },
  });
  return { ...(tool as unknown as Tool), calls };
}

export function customerTools() {
  const getCustomer = spyTool("get_customer", "read", (input) =>
    success({ customer_id: "C-1", email: input.email, status: "active" }),
  );
  const lookupOrder = spyTool("lookup_order", "read", (input) =>
    success({ order_id: input.order_id, total: 120 }),
  );
  const processRefund = spyTool("process_refund", "write", (input) =>
    Number(input.amount) > 500
      ? businessError("REFUND_LIMIT_EXCEEDED", "Refunds above $500 need a human; escalate.")
      : success({ refund_id: "R-1", amount: input.amount }),
  );
  const escalate = spyTool("escalate_to_human", "write", () => success({ ticket_id: "T-1" }));
  const flaky = spyTool("flaky_backend", "read", () =>
    transientError("BACKEND_UNAVAILABLE", "HTTP 503, try again."),
  );
  return { getCustomer, lookupOrder, processRefund, escalate, flaky };
}

/** Sends a process_refund above $500 (the limit customerTools' refund enforces) to escalate_to_human. */
export const refundRedirect = thresholdRedirect({
  tool: "process_refund",
  field: "amount",
  limit: 500,
  redirectTo: "escalate_to_human",
  buildInput: (call, amount) => ({ reason: `refund of $${amount} needs approval`, original: call.input }),
});

/** A run whose model asks process_refund for $750 (tool_use "toolu_refund"), which refundRedirect escalates. */
export async function redirectedRefund(options: Partial<Omit<RunOptions, "client">> = {}) {
  const { processRefund, escalate } = customerTools();
  const run = await runScript(
    [
      reply([toolUse("toolu_refund", "process_refund", { customer_id: "C-1", amount: 750 })]),
      answer("A human will review your refund."),
    ],
    { tools: [processRefund, escalate], hooks: { pre: [refundRedirect] }, ...options },
  );
  return { ...run, processRefund, escalate };
}
