import { success, type ToolOutcome } from "@keel/errors";
import { type CompletedCall, runPostHooks, runPreHooks } from "@keel/hooks";
import type { ToolCall } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { refundOutput } from "../tools/output-schemas.js";
import { escalationInputSchema } from "../tools/schemas.js";
import { hookContext } from "../tools/tool-context.test-helpers.js";
import { createSupportHooks } from "./create-support-hooks.js";

const refundCall = (input: Record<string, unknown> = {}): ToolCall => ({
  id: "toolu_refund",
  name: "process_refund",
  input: { customer_id: "C-1001", order_id: "ORD-1002", amount: 50, reason: "Stopped working", ...input },
});

const completed = (executed: string, outcome: ToolOutcome, input: unknown = {}): CompletedCall => ({
  call: { id: `toolu_${executed}`, name: executed, input },
  executed,
  outcome,
});
const succeeded = (executed: string, data: unknown) =>
  completed(executed, { kind: "success", isError: false, data });
const lookedUp = (customerId: string, status = "active", tool = "get_customer_by_email") =>
  succeeded(tool, { customer_id: customerId, status });
const blocked = (code: string) => ({ action: "block", error: { code } });

const context = (history: readonly CompletedCall[]) => hookContext({ iteration: 2, history });

function decide(call: ToolCall, history: readonly CompletedCall[] = [lookedUp("C-1001")]) {
  const backend = createMemoryBackend();
  return { backend, decision: runPreHooks(createSupportHooks(backend).pre, call, context(history)) };
}

describe("refund limit", () => {
  it("lets a refund of exactly $500.00 through", async () => {
    expect(await decide(refundCall({ amount: 500 })).decision).toEqual({ action: "allow" });
  });

  it("redirects a refund of $500.01 to escalate_to_human with the refund's details", async () => {
    const decision = await decide(refundCall({ amount: 500.01 })).decision;
    expect(decision).toMatchObject({
      action: "redirect",
      tool: "escalate_to_human",
      input: {
        category: "refund_over_limit",
        customer_id: "C-1001",
        pending_refund: { order_id: "ORD-1002", amount: 500.01, reason: "Stopped working" },
      },
    });
    const input = decision.action === "redirect" ? decision.input : undefined;
    expect(escalationInputSchema.safeParse(input).success).toBe(true);
    expect(JSON.stringify(input)).toContain("$500.01");
  });

  it("redirects a refund split across calls once the order's total in the run passes the limit", async () => {
    const paid = succeeded("process_refund", { order_id: "ORD-1002", amount: 375, duplicate: false });
    const history = [lookedUp("C-1001"), paid];
    expect(await decide(refundCall({ amount: 125 }), history).decision).toEqual({ action: "allow" });
    expect(await decide(refundCall({ amount: 375 }), history).decision).toMatchObject({
      action: "redirect",
      tool: "escalate_to_human",
    });
  });

  it("leaves other tools alone", async () => {
    const call = { id: "toolu_order", name: "lookup_order", input: { order_id: "ORD-1002" } };
    expect(await decide(call, []).decision).toEqual({ action: "allow" });
  });
});

describe("verified customer", () => {
  it("blocks a refund when no customer was looked up in the run, telling the model to look them up first", async () => {
    const decision = await decide(refundCall(), []).decision;
    expect(decision).toMatchObject({
      action: "block",
      error: { category: "validation", code: "CUSTOMER_NOT_VERIFIED", retryable: true },
    });
    expect(decision.action === "block" && decision.error.message).toMatch(/get_customer_by_email/);
  });

  it("accepts a customer verified by id", async () => {
    const history = [lookedUp("C-1001", "active", "get_customer_by_id")];
    expect(await decide(refundCall(), history).decision).toEqual({ action: "allow" });
  });

  it("does not count the verification of another customer", async () => {
    expect(await decide(refundCall(), [lookedUp("C-1003")]).decision).toMatchObject(
      blocked("CUSTOMER_NOT_VERIFIED"),
    );
  });

  it("does not count a lookup that found nobody", async () => {
    const notFound = completed("get_customer_by_email", {
      kind: "empty",
      isError: false,
      code: "CUSTOMER_NOT_FOUND",
      message: "No customer.",
      data: { customer_id: "C-1001" },
    });
    expect(await decide(refundCall(), [notFound]).decision).toMatchObject({ action: "block" });
  });

  it("blocks an unverified refund above the limit instead of escalating it", async () => {
    expect(await decide(refundCall({ amount: 750 }), []).decision).toMatchObject(
      blocked("CUSTOMER_NOT_VERIFIED"),
    );
  });
});

describe("suspended account", () => {
  const bobRefund = refundCall({ customer_id: "C-1002", order_id: "ORD-1004", amount: 80 });

  it("blocks a refund for an account the run saw suspended, as a business error", async () => {
    expect(await decide(bobRefund, [lookedUp("C-1002", "suspended")]).decision).toMatchObject({
      action: "block",
      error: { category: "business", code: "ACCOUNT_SUSPENDED", retryable: false },
    });
  });

  it("blocks it above the limit too: a suspended account is not escalated by the hook", async () => {
    const decision = await decide({ ...bobRefund, input: { ...(bobRefund.input as object), amount: 750 } }, [
      lookedUp("C-1002", "suspended"),
    ]).decision;
    expect(decision).toMatchObject(blocked("ACCOUNT_SUSPENDED"));
  });

  it("asks the backend when the run's lookup carried no status", async () => {
    const withoutStatus = succeeded("get_customer_by_id", { customer_id: "C-1002" });
    expect(await decide(bobRefund, [withoutStatus]).decision).toMatchObject(blocked("ACCOUNT_SUSPENDED"));
  });

  it("blocks as transient when the status cannot be checked: unknown never counts as active", async () => {
    const withoutStatus = succeeded("get_customer_by_id", { customer_id: "C-1001" });
    for (const [fault, code] of [
      ["unreachable", "CUSTOMERS_DB_UNREACHABLE"],
      ["timeout", "CUSTOMERS_UPSTREAM_TIMEOUT"],
    ] as const) {
      const backend = createMemoryBackend();
      backend.faults.next("getCustomerById", fault);
      const decision = await runPreHooks(
        createSupportHooks(backend).pre,
        refundCall(),
        context([withoutStatus]),
      );
      expect(decision).toMatchObject({ action: "block", error: { category: "transient", code } });
    }
  });
});

describe("post hooks", () => {
  const run = (data: unknown) =>
    runPostHooks(
      createSupportHooks(createMemoryBackend()).post,
      { id: "toolu_order", name: "lookup_order", input: {} },
      { kind: "success", isError: false, data },
      context([]),
    );

  it("normalises dates to ISO 8601 before they enter the history", async () => {
    expect(await run({ order_id: "ORD-1001", placed_at: "03/15/2026" })).toMatchObject({
      data: { placed_at: "2026-03-15" },
    });
  });

  it("trims wide results to 12 keys, keeping the fields later steps and hooks read", async () => {
    const wide = Object.fromEntries(Array.from({ length: 14 }, (_, index) => [`audit_${index}`, index]));
    const result = await run({ ...wide, customer_id: "C-1001", order_id: "ORD-1001" });
    const data = result.kind === "success" ? (result.data as Record<string, unknown>) : {};
    expect(data).toMatchObject({ customer_id: "C-1001", order_id: "ORD-1001", _trimmed: 4 });
    expect(Object.keys(data)).toHaveLength(13);
  });
});

describe("refund limit, as a law", () => {
  it("redirects exactly the amounts strictly above $500.00, to the cent", async () => {
    const backend = createMemoryBackend();
    const { pre } = createSupportHooks(backend);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), async (cents) => {
        const decision = await runPreHooks(
          pre,
          refundCall({ amount: cents / 100 }),
          context([lookedUp("C-1001")]),
        );
        expect(decision.action).toBe(cents > 50_000 ? "redirect" : "allow");
      }),
      { numRuns: 300 },
    );
  });
});

describe("the support post hooks keep every tool's declared output intact", () => {
  it("leave a refund sent to a person (the widest output) valid against process_refund's output schema, note included", async () => {
    const { post } = createSupportHooks(createMemoryBackend());
    const data = {
      outcome: "sent_to_person",
      refunded: false,
      ticket_id: "T-1001",
      ticket_status: "open",
      category: "refund_over_limit",
      order_id: "ORD-1002",
      amount: 250,
      already_refunded: 300,
      automatic_limit: 500,
      duplicate: false,
      note: "No money was paid: a person will review it.",
    };
    const outcome = await runPostHooks(
      post,
      { id: "toolu_1", name: "process_refund", input: {} },
      success(data),
      context([]),
    );
    expect(outcome).toMatchObject({ kind: "success", data });
    expect(refundOutput.safeParse((outcome as { data: unknown }).data).success).toBe(true);
  });
});
