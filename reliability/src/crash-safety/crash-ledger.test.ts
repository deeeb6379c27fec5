import type { Refund } from "@keel/support-desk/internal";
import { describe, expect, it } from "vitest";
import { ledgerViolations, STORED_KEY_PREFIX } from "./crash-ledger.js";
import type { RefundAnswer, SentRefund } from "./refund-requests.js";

const sent = (key: string): SentRefund => ({
  key,
  customerId: "C-1001",
  orderId: "ORD-1001",
  amountCents: 2,
});
const stored = (id: string, key: string, amountCents = 2): Refund => ({
  id,
  orderId: "ORD-1001",
  customerId: "C-1001",
  amountCents,
  reason: "Crash-safety refund",
  idempotencyKey: `${STORED_KEY_PREFIX}${key}`,
  createdAt: "2026-01-01T00:00:00.000Z",
});
const paid = (refundId: string, duplicate: boolean): RefundAnswer => ({
  kind: "paid",
  refundId,
  duplicate,
  amountCents: 2,
});

describe("the crash-safety ledger check", () => {
  it("accepts a refund paid once and answered as a duplicate after the restart", () => {
    const violations = ledgerViolations(
      [stored("R-1", "a")],
      new Map([["a", sent("a")]]),
      new Map([["a", [paid("R-1", false), paid("R-1", true)]]]),
    );
    expect(violations).toEqual([]);
  });

  it("flags a key paid twice, a partial refund and an acknowledged refund the restart lost", () => {
    const violations = ledgerViolations(
      [stored("R-1", "a"), stored("R-2", "a"), stored("R-3", "b", 1)],
      new Map([
        ["a", sent("a")],
        ["b", sent("b")],
        ["c", sent("c")],
      ]),
      new Map([
        ["a", [paid("R-1", false), paid("R-2", false)]],
        ["b", [paid("R-3", false)]],
        ["c", [paid("R-4", false)]],
      ]),
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        "a was paid 2 times",
        "a was answered as a first payment 2 times",
        "b is partial",
        "acknowledged refund R-4 (c) is missing from the ledger",
      ]),
    );
  });
});
