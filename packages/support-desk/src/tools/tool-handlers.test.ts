import type { ToolOutcome } from "@keel/errors";
import { createToolset, type ToolContext } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import type { FeeService } from "../backend/types.js";
import { createSupportTools, type SupportToolsOptions } from "./create-support-tools.js";
import { toolContext, validateAndRun } from "./tool-context.test-helpers.js";

function desk(options: SupportToolsOptions = {}) {
  const backend = createMemoryBackend({ now: () => new Date("2026-11-22T12:00:00.000Z") });
  const toolset = createToolset(
    createSupportTools(backend, { now: () => new Date("2026-11-22T12:00:00.000Z"), ...options }),
  );
  const call = (name: string, input: unknown, context: Partial<ToolContext> = {}): Promise<ToolOutcome> =>
    validateAndRun(toolset, { id: "toolu_test", name, input }, toolContext(context));
  return { backend, call };
}

const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 50, reason: "Arrived broken" };
const errorFields = (outcome: ToolOutcome) =>
  outcome.kind === "error"
    ? { category: outcome.category, code: outcome.code, retryable: outcome.retryable }
    : outcome;
/** An outage as errorFields reads it: transient and retryable, with the failing store's code. */
const transient = (code: string) => ({ category: "transient", code, retryable: true });

describe("customer lookups", () => {
  it("returns the verified customer id and account status", async () => {
    const outcome = await desk().call("get_customer_by_email", { email: "bob@example.com" });
    expect(outcome).toMatchObject({ kind: "success", data: { customer_id: "C-1002", status: "suspended" } });
  });

  it("answers an unknown email with the valid empty CUSTOMER_NOT_FOUND", async () => {
    const outcome = await desk().call("get_customer_by_email", { email: "nobody@example.com" });
    expect(outcome).toMatchObject({ kind: "empty", isError: false, code: "CUSTOMER_NOT_FOUND" });
  });

  it("reports an unreachable customer store as transient, never as not found", async () => {
    const { backend, call } = desk();
    backend.faults.next("getCustomerById", "unreachable");
    const outcome = await call("get_customer_by_id", { customer_id: "C-1001" });
    expect(errorFields(outcome)).toEqual(transient("CUSTOMERS_DB_UNREACHABLE"));
    expect(outcome.kind === "error" && outcome.message).toMatch(/UNKNOWN/);
  });

  it("rejects a customer id of the wrong shape before the store is asked", async () => {
    expect(errorFields(await desk().call("get_customer_by_id", { customer_id: "1001" }))).toMatchObject({
      category: "validation",
      code: "INVALID_INPUT",
    });
  });
});

describe("lookup_order", () => {
  it("reads an order with what can still be refunded", async () => {
    expect(await desk().call("lookup_order", { order_id: "ORD-1003" })).toMatchObject({
      kind: "success",
      data: { order_id: "ORD-1003", amount: 120, refunded_amount: 120, refundable_amount: 0 },
    });
  });

  it("reads #12345 as order ORD-12345", async () => {
    expect(await desk().call("lookup_order", { order_id: "#12345" })).toMatchObject({
      data: { order_id: "ORD-12345", amount: 89.99 },
    });
  });

  it("answers a malformed id with INVALID_ORDER_ID, retryable only with a corrected id", async () => {
    const outcome = await desk().call("lookup_order", { order_id: "ORD-10O5" });
    expect(errorFields(outcome)).toEqual({
      category: "validation",
      code: "INVALID_ORDER_ID",
      retryable: true,
    });
    expect(outcome).toMatchObject({ details: { field: "order_id", received: "ORD-10O5" } });
  });

  it("keeps an absent order (valid empty) apart from an unreachable store (transient)", async () => {
    const { backend, call } = desk();
    const absent = await call("lookup_order", { order_id: "ORD-4040" });
    backend.faults.next("getOrder", "unreachable");
    const outage = await call("lookup_order", { order_id: "ORD-4040" });
    expect(absent).toMatchObject({ kind: "empty", isError: false, code: "ORDER_NOT_FOUND" });
    expect(errorFields(outage)).toEqual(transient("ORDERS_DB_UNREACHABLE"));
    expect(outage.kind === "error" && outage.message).not.toMatch(/no order|not found/i);
  });

  it("reports a timeout as ORDERS_UPSTREAM_TIMEOUT", async () => {
    const { backend, call } = desk();
    backend.faults.next("getOrder", "timeout");
    expect(errorFields(await call("lookup_order", { order_id: "ORD-1001" }))).toMatchObject({
      code: "ORDERS_UPSTREAM_TIMEOUT",
      category: "transient",
    });
  });
});

describe("process_refund", () => {
  it("pays a refund and reports the order's refunded total", async () => {
    expect(await desk().call("process_refund", refund, { idempotencyKey: "k1" })).toMatchObject({
      kind: "success",
      data: { refund_id: "R-1001", amount: 50, duplicate: false, order_refunded_total: 50 },
    });
  });

  it("returns the first refund for a repeated idempotency key", async () => {
    const { backend, call } = desk();
    await call("process_refund", { ...refund, amount: 20 }, { idempotencyKey: "k1" });
    const again = await call("process_refund", { ...refund, amount: 20 }, { idempotencyKey: "k1" });
    expect(again).toMatchObject({ data: { refund_id: "R-1001", duplicate: true } });
    expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 2000 }] });
  });

  it("derives a stable key when called without the loop's key", async () => {
    const { call } = desk();
    await call("process_refund", refund);
    expect(await call("process_refund", refund)).toMatchObject({ data: { duplicate: true } });
  });

  it.each([
    [{ order_id: "ORD-1003", amount: 10 }, "ALREADY_REFUNDED"],
    [{ amount: 60 }, "REFUND_EXCEEDS_ORDER"],
    [{ customer_id: "C-1003" }, "CUSTOMER_MISMATCH"],
    [{ customer_id: "C-1002", order_id: "ORD-1004", amount: 10 }, "ACCOUNT_SUSPENDED"],
    [{ amount: 750 }, "REFUND_LIMIT_EXCEEDED"],
  ])("refuses %j as the business error %s, never retryable", async (change, code) => {
    const outcome = await desk().call("process_refund", { ...refund, ...change });
    expect(errorFields(outcome)).toEqual({ category: "business", code, retryable: false });
  });

  it("is forbidden to a role without refund rights, before the store is touched", async () => {
    const { backend, call } = desk();
    const outcome = await call("process_refund", refund, { metadata: { role: "trainee" } });
    expect(errorFields(outcome)).toEqual({
      category: "permission",
      code: "REFUND_FORBIDDEN",
      retryable: false,
    });
    expect(outcome.kind === "error" && outcome.message).toMatch(/escalate_to_human/);
    expect(await backend.listRefunds("ORD-1001")).toEqual({ kind: "listed", refunds: [] });
  });

  it("accepts the roles it is configured with", async () => {
    const outcome = await desk({ refundRoles: ["trainee"] }).call("process_refund", refund, {
      metadata: { role: "trainee" },
    });
    expect(outcome.kind).toBe("success");
  });

  it.each([
    ["a numeric string", "750"],
    ["three decimals", 50.001],
    ["a negative amount", -5],
    ["zero", 0],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a huge amount", 1e12],
    ["an object", { value: 50 }],
  ])("rejects %s as INVALID_INPUT without paying", async (_label, amount) => {
    const { backend, call } = desk();
    const outcome = await call("process_refund", { ...refund, amount });
    expect(errorFields(outcome)).toMatchObject({ category: "validation", code: "INVALID_INPUT" });
    expect(await backend.listRefunds("ORD-1001")).toEqual({ kind: "listed", refunds: [] });
  });

  it("rejects fields it does not declare", async () => {
    const outcome = await desk().call("process_refund", { ...refund, approved_by: "manager" });
    expect(errorFields(outcome)).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("says a refund that timed out may be retried with the same key", async () => {
    const { backend, call } = desk();
    backend.faults.next("processRefund", "timeout");
    const outcome = await call("process_refund", refund, { idempotencyKey: "k1" });
    expect(errorFields(outcome)).toMatchObject({ category: "transient", code: "ORDERS_UPSTREAM_TIMEOUT" });
    expect(await call("process_refund", refund, { idempotencyKey: "k1" })).toMatchObject({
      data: { duplicate: true },
    });
  });
});

describe("escalate_to_human", () => {
  const escalation = {
    category: "refund_over_limit",
    summary: "Refund of $750.00 for ORD-1002 needs a person",
    customer_id: "C-1001",
    pending_refund: { order_id: "#1002", amount: 750, reason: "Stopped working" },
  };

  it("opens a durable ticket carrying the pending refund as a process_refund request", async () => {
    const { backend, call } = desk();
    const outcome = await call("escalate_to_human", escalation, { idempotencyKey: "e1" });
    expect(outcome).toMatchObject({ kind: "success", data: { ticket_id: "T-1001", status: "open" } });
    expect(await backend.listTickets({ status: "open" })).toMatchObject({
      tickets: [
        {
          customerId: "C-1001",
          pendingRequest: {
            tool: "process_refund",
            input: { customer_id: "C-1001", order_id: "ORD-1002", amount: 750, reason: "Stopped working" },
          },
        },
      ],
    });
  });

  it("opens one ticket for a repeated call", async () => {
    const { backend, call } = desk();
    await call("escalate_to_human", escalation, { idempotencyKey: "e1" });
    expect(await call("escalate_to_human", escalation, { idempotencyKey: "e1" })).toMatchObject({
      data: { ticket_id: "T-1001", duplicate: true },
    });
    expect(await backend.listTickets()).toMatchObject({ tickets: [{ id: "T-1001" }] });
  });

  it("never claims an escalation the ticket store did not record", async () => {
    const { backend, call } = desk();
    backend.faults.next("createEscalation", "unreachable");
    const outcome = await call("escalate_to_human", escalation);
    expect(errorFields(outcome)).toMatchObject({ category: "transient", code: "TICKETS_UNAVAILABLE" });
    expect(outcome.kind === "error" && outcome.message).toMatch(/do not tell the customer it was escalated/);
  });
});

describe("resolve_cap_basis", () => {
  it("sums the fees of the trailing 12 months", async () => {
    expect(await desk().call("resolve_cap_basis", { customer_id: "C-1001", as_of: "2026-11-22" })).toEqual({
      kind: "success",
      isError: false,
      data: {
        customer_id: "C-1001",
        window_from: "2025-11-22",
        window_to: "2026-11-22",
        resolved_basis: 40,
        currency: "USD",
        fee_count: 2,
      },
    });
  });

  it("defaults the window's end to today", async () => {
    expect(
      await desk().call("resolve_cap_basis", { customer_id: "C-1001", window_months: 36 }),
    ).toMatchObject({
      data: { window_from: "2023-11-22", window_to: "2026-11-22", resolved_basis: 80 },
    });
  });

  it("answers genuinely no fees with the valid empty NO_FEES_ON_RECORD and a basis of 0", async () => {
    expect(await desk().call("resolve_cap_basis", { customer_id: "C-1003" })).toMatchObject({
      kind: "empty",
      isError: false,
      code: "NO_FEES_ON_RECORD",
      data: { resolved_basis: 0 },
    });
  });

  it("carries no basis at all when the fee service is unreachable", async () => {
    const { backend, call } = desk();
    backend.faults.next("feesForCustomer", "unreachable");
    const outcome = await call("resolve_cap_basis", { customer_id: "C-1001" });
    expect(errorFields(outcome)).toEqual(transient("FEE_SERVICE_UNREACHABLE"));
    expect(JSON.stringify(outcome)).not.toContain("resolved_basis");
  });

  it("reads fees through the fee-service seam it is given", async () => {
    const feeService: FeeService = { feesForCustomer: async () => ({ kind: "timeout" }) };
    const outcome = await desk({ feeService }).call("resolve_cap_basis", { customer_id: "C-1001" });
    expect(errorFields(outcome)).toMatchObject({ code: "FEE_SERVICE_UNREACHABLE" });
  });

  it("answers an unknown customer with the valid empty CUSTOMER_NOT_FOUND, without a basis", async () => {
    const outcome = await desk().call("resolve_cap_basis", { customer_id: "C-9999" });
    expect(outcome).toMatchObject({ kind: "empty", code: "CUSTOMER_NOT_FOUND" });
    expect(JSON.stringify(outcome)).not.toContain("resolved_basis");
  });
});

describe("process_refund: the store's per-order limit and key rules, as the model reads them", () => {
  const split = { customer_id: "C-1001", order_id: "ORD-1002", amount: 375, reason: "Arrived broken" };

  it("answers a refund that would take the order past $500 with the ticket that holds it, paying nothing", async () => {
    const { call } = desk();
    expect(await call("process_refund", split, { idempotencyKey: "a" })).toMatchObject({
      kind: "success",
      data: { duplicate: false, amount: 375 },
    });
    const second = await call("process_refund", { ...split, reason: "Second half" }, { idempotencyKey: "b" });
    expect(second).toMatchObject({
      kind: "success",
      data: {
        outcome: "sent_to_person",
        refunded: false,
        category: "refund_over_limit",
        already_refunded: 375,
      },
    });
    expect(JSON.stringify(second)).toContain("never say the refund was made");
  });

  it("refuses an idempotency key reused with another amount as a validation error, without the first refund", async () => {
    const { call } = desk();
    await call("process_refund", refund, { idempotencyKey: "same" });
    const reused = await call("process_refund", { ...refund, amount: 20 }, { idempotencyKey: "same" });
    expect(errorFields(reused)).toEqual({
      category: "validation",
      code: "IDEMPOTENCY_KEY_REUSED",
      retryable: true,
    });
    expect(JSON.stringify(reused)).not.toContain("R-");
  });
});
