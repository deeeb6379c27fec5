import { fromMcpResult, success, type ToolOutcome } from "@keel/errors";
import { definePreHook, type PreToolHook } from "@keel/hooks";
import { runAgent, ScriptedClient } from "@keel/loop";
import { createToolset, defineTool, type Toolset } from "@keel/tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLogger } from "./logger.js";
import { createKeelMcpServer } from "./server.js";

/**
 * The same hostile call through the agent loop and through the MCP server must give the model the same
 * outcome: kind, category, code, retryable and wording. Both call @keel/hooks `resolveToolCall`; this table
 * is what keeps a fourth copy of any step from drifting again.
 */

const never = () => new Promise<never>(() => {});

function toolset(): Toolset {
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
];

async function throughLoop(testCase: Case): Promise<ToolOutcome> {
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
  return record.outcome;
}

async function throughMcp(testCase: Case, meta?: Record<string, unknown>): Promise<ToolOutcome> {
  const server = createKeelMcpServer({
    tools: toolset(),
    hooks: { pre: testCase.pre ?? [] },
    logger: silentLogger,
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
    return fromMcpResult(result);
  } finally {
    await client.close();
  }
}

/** What the model is told: everything but the data of a success, which the table compares separately. */
const seen = (outcome: ToolOutcome) => JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>;

describe("the same call gives the same outcome through the loop and through the MCP server", () => {
  it.each(CASES)("$name", async (testCase) => {
    const [loop, mcp] = await Promise.all([throughLoop(testCase), throughMcp(testCase)]);
    expect(seen(mcp)).toEqual(seen(loop));
    expect(loop).toMatchObject(testCase.expected);
  });

  it("a write with the client's own key in _meta gets a key too, with the same outcome", async () => {
    const testCase = CASES.find((entry) => entry.name === "write with a key")!;
    const mcp = await throughMcp(testCase, { "dev.keel/idempotency-key": "user-action-42" });
    expect(seen(mcp)).toEqual(seen(await throughLoop(testCase)));
    expect(mcp).toMatchObject({ kind: "success", data: { keyed: true } });
  });
});
