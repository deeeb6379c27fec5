import type { SqlBackend } from "@keel/support-desk";
import { callTool, type ToolCallAnswer } from "../mcp/mcp-http.js";

/** Order ORD-1002 ($750) of customer C-1001: big enough that split refunds can pass the $500 limit. */
const ORDER = { customer_id: "C-1001", order_id: "ORD-1002", reason: "Arrived broken" } as const;

/** The refunds {@link splitAndRace} asks for, and what the store must have paid automatically. */
export const SPLIT_AND_RACE = {
  /** $375 then $375 (in sequence), then ten $100 raced: $375 + one $100 fit under $500. */
  expectedPaidCents: 37_500 + 10_000,
  /** The second $375 and the nine $100 refunds past the limit: a ticket each. */
  expectedTickets: 1 + 9,
} as const;

/**
 * Splits and races refunds of one order across the given keel-mcp URLs (each call stateless, with its own
 * idempotency key, so no hook can add earlier refunds up): $375 on the first, $375 on the next, then ten
 * $100 refunds at once, spread round-robin. Returns every answer, in that order.
 */
export async function splitAndRace(urls: readonly string[], keyPrefix: string): Promise<ToolCallAnswer[]> {
  const refundOn = (index: number, amount: number, key: string) =>
    callTool(
      urls[index % urls.length] as string,
      "process_refund",
      { ...ORDER, amount },
      { idempotencyKey: `${keyPrefix}-${key}` },
    );
  const first = await refundOn(0, 375, "split-a");
  const second = await refundOn(1, 375, "split-b");
  const raced = await Promise.all(
    Array.from({ length: 10 }, (_, index) => refundOn(index, 100, `race-${index}`)),
  );
  return [first, second, ...raced];
}

/** What a fresh store holds after {@link splitAndRace}: cents paid on the order and over-limit tickets. */
export async function splitRefundLedger(
  backend: SqlBackend,
): Promise<{ readonly paidCents: number; readonly tickets: number }> {
  const refunds = await backend.listRefunds(ORDER.order_id);
  const tickets = await backend.listTickets();
  if (refunds.kind !== "listed" || tickets.kind !== "listed") throw new Error("the store did not answer");
  return {
    paidCents: refunds.refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
    tickets: tickets.tickets.filter((ticket) => ticket.category === "refund_over_limit").length,
  };
}
