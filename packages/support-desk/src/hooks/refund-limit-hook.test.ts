import type { ToolOutcome } from "@keel/errors";
import type { CompletedCall } from "@keel/hooks";
import { runAgent, ScriptedClient } from "@keel/loop";
import type { ToolCall } from "@keel/tools";
import type { MessageTemplate } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { summarizeRun } from "../scenarios/summarize-run.js";
import { supportAgent } from "../support-agent.js";
import { hookContext } from "../tools/tool-context.test-helpers.js";
import { refundLimitHook } from "./refund-limit-hook.js";

const toolUse = (id: string, name: string, input: Record<string, unknown>): MessageTemplate => ({
  content: [{ type: "tool_use", id, name, input }],
  stop_reason: "tool_use",
});
const answer: MessageTemplate = { content: [{ type: "text", text: "Done." }], stop_reason: "end_turn" };
const verify = toolUse("toolu_verify", "get_customer_by_email", { email: "alice@example.com" });
const refund = (amount: number, reason = "Stopped working") => ({
  customer_id: "C-1001",
  order_id: "ORD-1002",
  amount,
  reason,
});

/** A run that verifies Alice, then asks for each refund in its own reply, then answers. */
async function runRefunds(...refunds: ReturnType<typeof refund>[]) {
  return runRefundsOn(createMemoryBackend(), ...refunds);
}

async function runRefundsOn(
  backend: ReturnType<typeof createMemoryBackend>,
  ...refunds: ReturnType<typeof refund>[]
) {
  const result = await runAgent({
    client: new ScriptedClient([
      verify,
      ...refunds.map((input, index) => toolUse(`toolu_${index + 1}`, "process_refund", input)),
      answer,
    ]),
    model: "claude-test",
    prompt: "help",
    ...supportAgent(backend),
  });
  return { backend, summary: summarizeRun(result), calls: result.toolCalls };
}

describe("refund limit across the calls of a run (agent loop)", () => {
  it("lets an identical repeated refund through: it pays nothing, so it is not more money", async () => {
    const { backend, summary, calls } = await runRefunds(refund(300), refund(300));
    expect(summary.decisions).toEqual(["allow", "allow", "allow"]);
    expect(summary.escalated).toBe(false);
    expect(calls[2]?.outcome).toMatchObject({ data: { duplicate: true } });
    expect(await backend.listRefunds("ORD-1002")).toMatchObject({ refunds: [{ amountCents: 30_000 }] });
  });

  it("redirects the second half of a $750 refund split into $375 + $375", async () => {
    const { summary } = await runRefunds(refund(375), refund(375, "Stopped working, second half"));
    expect(summary.decisions).toEqual(["allow", "allow", "redirect"]);
    expect(summary.executedTools).toEqual(["get_customer_by_email", "process_refund", "escalate_to_human"]);
  });

  it("does not count an unpaid ticket of an earlier refund as money paid", async () => {
    const backend = createMemoryBackend();
    // The first conversation pays $300 of the $750 order.
    await runRefundsOn(backend, refund(300));
    // The second asks $250: the store's per-order total ($550) is above $500, so it opens a ticket, unpaid.
    const second = await runRefundsOn(backend, refund(250, "Arrived scratched"), refund(120, "Missing lid"));
    expect(second.calls[1]?.outcome).toMatchObject({ data: { outcome: "sent_to_person", refunded: false } });
    // The $120 asked next is judged on what was paid in this conversation ($0), not the $250 ticket.
    expect(second.summary.decisions).toEqual(["allow", "allow", "allow"]);
    expect(second.calls[2]?.executed).toBe("process_refund");
    // The store still holds the order to its limit: $300 + $120 is $420, paid.
    expect(await backend.listRefunds("ORD-1002")).toMatchObject({
      refunds: [{ amountCents: 30_000 }, { amountCents: 12_000 }],
    });
  });

  it("redirects a second, different $300 refund of the same $750 order", async () => {
    const { summary } = await runRefunds(refund(300), refund(300, "Also the milk frother broke"));
    expect(summary.decisions).toEqual(["allow", "allow", "redirect"]);
    expect(summary.escalated).toBe(true);
  });

  it("counts a repeat once even after the model repeated it several times", async () => {
    const { summary } = await runRefunds(refund(300), refund(300), refund(300), refund(250, "Another fault"));
    expect(summary.decisions).toEqual(["allow", "allow", "allow", "allow", "redirect"]);
  });
});

const paid = (id: string, input: Record<string, unknown>, duplicate = false): CompletedCall => ({
  call: { id, name: "process_refund", input },
  executed: "process_refund",
  outcome: {
    kind: "success",
    isError: false,
    data: { order_id: "ORD-1002", amount: input.amount, duplicate },
  } as ToolOutcome,
});
const call = (id: string, input: Record<string, unknown>): ToolCall => ({
  id,
  name: "process_refund",
  input,
});
const context = (history: readonly CompletedCall[], batch: readonly ToolCall[]) =>
  hookContext({ history, batch });

describe("refundLimitHook, what counts", () => {
  const hook = refundLimitHook();

  it("recognises a repeat whatever the key order or surrounding spaces of its input", async () => {
    const history = [paid("toolu_1", refund(300))];
    const repeat = call("toolu_2", {
      reason: " Stopped working ",
      amount: 300,
      order_id: "ORD-1002",
      customer_id: "C-1001",
    });
    expect(await hook.decide(repeat, context(history, [repeat]))).toEqual({ action: "allow" });
  });

  it("does not count a refund that failed or was itself a duplicate", async () => {
    const failed: CompletedCall = {
      call: { id: "toolu_1", name: "process_refund", input: refund(400, "First try") },
      executed: "process_refund",
      outcome: {
        kind: "error",
        isError: true,
        category: "business",
        code: "CUSTOMER_MISMATCH",
        message: "no",
        retryable: false,
      },
    };
    const current = call("toolu_2", refund(400));
    expect(await hook.decide(current, context([failed], [current]))).toEqual({ action: "allow" });
  });

  it("counts an earlier refund of the same batch that has not run yet", async () => {
    const first = call("toolu_1", refund(375, "First half"));
    const second = call("toolu_2", refund(375, "Second half"));
    expect(await hook.decide(first, context([], [first, second]))).toEqual({ action: "allow" });
    expect(await hook.decide(second, context([], [first, second]))).toMatchObject({ action: "redirect" });
  });

  it("counts an identical pending refund of the batch once", async () => {
    const first = call("toolu_1", refund(300));
    const second = call("toolu_2", refund(300));
    expect(await hook.decide(second, context([], [first, second]))).toEqual({ action: "allow" });
  });

  it("does not count a batch call twice once it is in the history", async () => {
    const first = call("toolu_1", refund(200, "First"));
    const second = call("toolu_2", refund(250, "Second"));
    const history = [paid("toolu_1", refund(200, "First"))];
    expect(await hook.decide(second, context(history, [first, second]))).toEqual({ action: "allow" });
  });
});
