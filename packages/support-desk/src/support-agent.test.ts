import { runAgent, ScriptedClient } from "@keel/loop";
import type { MessageTemplate } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "./backend/memory-backend.js";
import { summarizeRun } from "./scenarios/summarize-run.js";
import { supportAgent } from "./support-agent.js";
import { SUPPORT_SYSTEM_PROMPT } from "./system-prompt.js";

const toolUse = (id: string, name: string, input: Record<string, unknown>): MessageTemplate => ({
  content: [{ type: "tool_use", id, name, input }],
  stop_reason: "tool_use",
});
const answer: MessageTemplate = { content: [{ type: "text", text: "Done." }], stop_reason: "end_turn" };
const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 50, reason: "Arrived broken" };

function run(script: MessageTemplate[], metadata: Record<string, unknown> = {}) {
  const backend = createMemoryBackend();
  const client = new ScriptedClient(script);
  const result = runAgent({
    client,
    model: "claude-test",
    prompt: "help",
    metadata,
    ...supportAgent(backend),
  });
  return { backend, client, result };
}

describe("supportAgent", () => {
  it("sends the support system prompt and the six tools on every request", async () => {
    const { client, result } = run([answer]);
    await result;
    // One text block with the prefix breakpoint: tools and system are cached together.
    expect(client.requests[0]?.system).toEqual([
      { type: "text", text: SUPPORT_SYSTEM_PROMPT, cache_control: { type: "ephemeral" } },
    ]);
    expect(client.requests[0]?.tools?.map((tool) => tool.name)).toHaveLength(6);
  });

  it("shows an order's new refunded amount after a refund in the same run (no stale read reuse)", async () => {
    const { result } = run([
      toolUse("toolu_1", "get_customer_by_email", { email: "alice@example.com" }),
      toolUse("toolu_2", "lookup_order", { order_id: "ORD-1001" }),
      toolUse("toolu_3", "process_refund", refund),
      toolUse("toolu_4", "lookup_order", { order_id: "ORD-1001" }),
      answer,
    ]);
    const calls = (await result).toolCalls;
    expect(calls[1]?.outcome).toMatchObject({ data: { refunded_amount: 0 } });
    expect(calls[3]?.outcome).toMatchObject({ data: { refunded_amount: 50, refundable_amount: 0 } });
  });

  it("blocks a refund the model attempts before looking the customer up, then lets it through after", async () => {
    const { backend, result } = run([
      toolUse("toolu_1", "process_refund", refund),
      toolUse("toolu_2", "get_customer_by_email", { email: "alice@example.com" }),
      toolUse("toolu_3", "process_refund", refund),
      answer,
    ]);
    expect(summarizeRun(await result)).toMatchObject({
      decisions: ["block", "allow", "allow"],
      codes: ["CUSTOMER_NOT_VERIFIED", null, null],
      refundedOrders: ["ORD-1001"],
    });
    expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 5000 }] });
  });

  it("pays a refund the model repeats in a later turn only once", async () => {
    const { backend, result } = run([
      toolUse("toolu_1", "get_customer_by_email", { email: "alice@example.com" }),
      toolUse("toolu_2", "process_refund", refund),
      toolUse("toolu_3", "process_refund", refund),
      answer,
    ]);
    const calls = (await result).toolCalls;
    expect(calls[2]?.outcome).toMatchObject({ data: { duplicate: true } });
    expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 5000 }] });
  });
});
