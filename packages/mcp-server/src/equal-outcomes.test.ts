import { fromMcpResult, success, type ToolOutcome, transientError } from "@keel/errors";
import { toolResultText } from "@keel/errors/internal";
import { definePreHook, type PreToolHook } from "@keel/hooks";
import { runAgent, ScriptedClient } from "@keel/loop";
import { createToolset, defineTool, type Toolset } from "@keel/tools";
import type { ToolResultBlock } from "@keel/wire";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLogger } from "./logger.js";
import { createKeelMcpServer } from "./server.js";

/**
 * The same hostile call through the agent loop and through the MCP server must give the model the same
 * outcome: kind, category, code, retryable and wording. Both call @keel/tool-call `resolveToolCall`; this table
 * is what keeps a fourth copy of any step from drifting again.
 */

const never = () => new Promise<never>(() => {});

function toolset(): Toolset {
  let flakyAttempts = 0;
  return createToolset([
    defineTool({
      name: "process_refund",
      description: "Refunds an order.",
      input: z.object({ order_id: z.string().min(3), amount: z.number().positive() }),
      effect: "write",
      handler: (input, context) =>
        success({ refunded: input.amount, keyed: typeof context.idempotencyKey === "string" }),
    }),
    defineTool({
      name: "escalate_to_human",
      description: "Opens a ticket for a person.",
      input: z.object({ reason: z.string() }),
      effect: "write",
      annotations: { destructiveHint: false },
      handler: (input) => success({ ticket: "T-1", reason: input.reason }),
    }),
    defineTool({
      name: "explode",
      description: "Throws.",
      input: z.object({}),
      effect: "read",
      handler: () => {
        throw new Error("secret internal detail");
      },
    }),
    defineTool({
      name: "flaky_once",
      description: "The store does not answer the first attempt, then does.",
      input: z.object({}),
      effect: "read",
      handler: () =>
        ++flakyAttempts === 1
          ? transientError("STORE_UNREACHABLE", "The store did not answer; retry.")
          : success({ ok: true }),
    }),
    defineTool({
      name: "down",
      description: "The store never answers.",
      input: z.object({}),
      effect: "read",
      handler: () => transientError("STORE_UNREACHABLE", "The store did not answer; retry shortly."),
    }),
    defineTool({
      name: "stall",
      description: "Never answers in time.",
      input: z.object({}),
      effect: "read",
      timeoutMs: 20,
      handler: never,
    }),
  ]);
}

const onRefund = (decide: PreToolHook["decide"], name: string, timeoutMs?: number): PreToolHook =>
  definePreHook(
    name,
    (call, context) => (call.name === "process_refund" ? decide(call, context) : { action: "allow" }),
    timeoutMs === undefined ? {} : { timeoutMs },
  );

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly pre?: readonly PreToolHook[];
  readonly expected: Partial<Record<"kind" | "code" | "category", string>>;
}

const refund = { order_id: "ORD-1", amount: 20 };
const CASES: readonly Case[] = [
  { name: "unknown tool", tool: "refund_order", input: {}, expected: { code: "UNKNOWN_TOOL" } },
  {
    name: "invalid input",
    tool: "process_refund",
    input: { order_id: "O", amount: -5 },
    expected: { code: "INVALID_INPUT", category: "validation" },
  },
  {
    name: "hook block",
    tool: "process_refund",
    input: refund,
    pre: [
      onRefund(
        () => ({
          action: "block",
          error: {
            kind: "error",
            isError: true,
            category: "business",
            code: "ACCOUNT_SUSPENDED",
            message: "The account is suspended; do not retry.",
            retryable: false,
          },
        }),
        "suspended",
      ),
    ],
    expected: { code: "ACCOUNT_SUSPENDED", category: "business" },
  },
  {
    name: "hook redirect",
    tool: "process_refund",
    input: refund,
    pre: [
      onRefund(
        () => ({ action: "redirect", tool: "escalate_to_human", input: { reason: "over" }, reason: "over" }),
        "limit",
      ),
    ],
    expected: { kind: "success" },
  },
  {
    name: "hook rewrite to invalid",
    tool: "process_refund",
    input: refund,
    pre: [onRefund(() => ({ action: "rewrite", input: { order_id: 7 }, reason: "bad" }), "breaks")],
    expected: { code: "HOOK_INVALID_CALL", category: "unclassified" },
  },
  {
    name: "hook throws",
    tool: "process_refund",
    input: refund,
    pre: [
      onRefund(() => {
        throw new Error("fraud service down");
      }, "fraud"),
    ],
    expected: { code: "HOOK_FAILED" },
  },
  {
    name: "hook times out",
    tool: "process_refund",
    input: refund,
    pre: [onRefund(never, "slow-check", 20)],
    expected: { code: "HOOK_FAILED" },
  },
  { name: "handler throws", tool: "explode", input: {}, expected: { category: "unclassified" } },
  {
    name: "handler times out",
    tool: "stall",
    input: {},
    expected: { code: "TOOL_TIMEOUT", category: "transient" },
  },
  { name: "write with a key", tool: "process_refund", input: refund, expected: { kind: "success" } },
  // The same retry budget on both paths (the tool-call path's default): a blip is absorbed, an outage is not.
  { name: "transient once, then success", tool: "flaky_once", input: {}, expected: { kind: "success" } },
  {
    name: "transient on every attempt",
    tool: "down",
    input: {},
    expected: { code: "STORE_UNREACHABLE", category: "transient" },
  },
];

interface Seen {
  readonly outcome: ToolOutcome;
  /** The text the model reads: the tool_result block's, or the MCP result's first text block. */
  readonly text: string;
  readonly attempts: number;
}

async function throughLoop(testCase: Case): Promise<Seen> {
  const client = new ScriptedClient([
    {
      content: [{ type: "tool_use", id: "toolu_1", name: testCase.tool, input: testCase.input }],
      stop_reason: "tool_use",
    },
    { content: [{ type: "text", text: "done" }], stop_reason: "end_turn" },
  ]);
  const result = await runAgent({
    client,
    model: "test-model",
    tools: toolset(),
    hooks: { pre: testCase.pre ?? [] },
    prompt: "go",
    sleep: () => Promise.resolve(),
  });
  const record = result.toolCalls[0];
  if (record === undefined) throw new Error(`no tool call recorded for ${testCase.name}`);
  const answer = client.requests[1]?.messages.at(-1)?.content;
  const block = Array.isArray(answer) ? answer.find((item) => item.type === "tool_result") : undefined;
  if (block?.type !== "tool_result") throw new Error(`no tool_result sent back for ${testCase.name}`);
  return {
    outcome: record.outcome,
    text: toolResultText(block as ToolResultBlock),
    attempts: record.attempts,
  };
}

async function throughMcp(testCase: Case, meta?: Record<string, unknown>): Promise<Seen> {
  // The server's one log line per call carries its attempts; its retry policy is the default one.
  const attempts: number[] = [];
  const record = (message: string, fields?: Readonly<Record<string, unknown>>) => {
    if (message.startsWith("tools/call") && typeof fields?.attempts === "number")
      attempts.push(fields.attempts);
  };
  const server = createKeelMcpServer({
    tools: toolset(),
    hooks: { pre: testCase.pre ?? [] },
    logger: { ...silentLogger, info: record, warn: record },
  });
  const client = new Client({ name: "equal-outcomes", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const result = await client.callTool({
      name: testCase.tool,
      arguments: testCase.input,
      ...(meta === undefined ? {} : { _meta: meta }),
    });
    const text = (result.content as Array<{ type: string; text?: string }>).find(
      (item) => item.type === "text",
    )?.text;
    if (text === undefined) throw new Error(`no text content answered for ${testCase.name}`);
    return { outcome: fromMcpResult(result), text, attempts: attempts.at(-1) ?? 0 };
  } finally {
    await client.close();
  }
}

/**
 * What the model reads. Each protocol has its one rendering in @keel/errors: a `tool_result` carries a JSON
 * envelope (`toToolResultBlock`), an MCP result plain text (`renderOutcomeText`). A success's text is the
 * same data either way; an error or empty names the same code, category, message and next step.
 */
function expectSameFacts(loop: Seen, mcp: Seen): void {
  if (loop.outcome.kind === "success") {
    expect(mcp.text).toBe(loop.text);
    return;
  }
  const envelope = JSON.parse(loop.text) as Record<string, unknown>;
  expect(envelope).toMatchObject({ code: loop.outcome.code, message: loop.outcome.message });
  expect(typeof envelope.guidance).toBe("string");
  for (const fact of [loop.outcome.code, loop.outcome.message, envelope.guidance as string]) {
    expect(mcp.text).toContain(fact);
  }
  if (loop.outcome.kind === "error") {
    expect(envelope.category).toBe(loop.outcome.category);
    expect(mcp.text).toContain(`category: ${loop.outcome.category}`);
  }
}

/** What the model is told: everything but the data of a success, which the table compares separately. */
const seen = (outcome: ToolOutcome) => JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>;

describe("the same call gives the same outcome through the loop and through the MCP server", () => {
  it.each(CASES)("$name", async (testCase) => {
    const [loop, mcp] = await Promise.all([throughLoop(testCase), throughMcp(testCase)]);
    expect(seen(mcp.outcome)).toEqual(seen(loop.outcome));
    expectSameFacts(loop, mcp);
    expect(mcp.attempts).toBe(loop.attempts);
    expect(loop.outcome).toMatchObject(testCase.expected);
  });

  it("a write with the client's own key in _meta gets a key too, with the same outcome", async () => {
    const testCase = CASES.find((entry) => entry.name === "write with a key")!;
    const mcp = await throughMcp(testCase, { "dev.keel/idempotency-key": "user-action-42" });
    const loop = await throughLoop(testCase);
    expect(seen(mcp.outcome)).toEqual(seen(loop.outcome));
    expectSameFacts(loop, mcp);
    expect(mcp.outcome).toMatchObject({ kind: "success", data: { keyed: true } });
  });
});
