import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { FaultOptions } from "./faults.js";
import { createMemoryBackend, type FaultableBackend } from "./memory-backend.js";
import { SAMPLE_DATA } from "./seed.js";
import type { RefundRequest } from "./types.js";

export type BackendFactory = (options?: FaultOptions & { now?: () => Date }) => Promise<FaultableBackend>;

const FIXED_NOW = new Date("2026-11-22T12:00:00.000Z");
const refund = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  customerId: "C-1001",
  orderId: "ORD-1001",
  amountCents: 5000,
  reason: "Arrived damaged",
  idempotencyKey: "key-1",
  ...overrides,
});

/** The behaviour every SupportBackend must share; registered once per backend kind. */
export function describeBackendContract(name: string, create: BackendFactory, propertyRuns = 10): void {
  describe(`${name}: SupportBackend contract`, () => {
    const opened: FaultableBackend[] = [];
    const open = async (options: FaultOptions = {}) => {
      const backend = await create({ now: () => FIXED_NOW, ...options });
      opened.push(backend);
      return backend;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((backend) => backend.close()));
    });

    it("holds exactly the sample data of the memory backend", async () => {
      const backend = await open();
      const reference = createMemoryBackend();
      for (const customer of SAMPLE_DATA.customers) {
        expect(await backend.getCustomerById(customer.id)).toEqual(
          await reference.getCustomerById(customer.id),
        );
      }
      for (const order of SAMPLE_DATA.orders) {
        expect(await backend.getOrder(order.id)).toEqual(await reference.getOrder(order.id));
      }
      expect(await backend.listRefunds("ORD-1003")).toEqual(await reference.listRefunds("ORD-1003"));
    });

    it("finds a customer by email whatever its case, and says not_found for an unknown one", async () => {
      const backend = await open();
      const found = await backend.getCustomerByEmail(" Alice@Example.com ");
      expect(found).toMatchObject({ kind: "found", customer: { id: "C-1001", status: "active" } });
      expect(await backend.getCustomerByEmail("nobody@example.com")).toEqual({ kind: "not_found" });
      expect(await backend.getCustomerById("C-9999")).toEqual({ kind: "not_found" });
    });

    it("reports an order with the sum already refunded", async () => {
      const backend = await open();
      expect(await backend.getOrder("ORD-1003")).toMatchObject({
        kind: "found",
        order: { amountCents: 12000, refundedCents: 12000, customerId: "C-1001" },
      });
      expect(await backend.getOrder("ORD-4040")).toEqual({ kind: "not_found" });
    });

    it("pays a refund once and records it against the order", async () => {
      const backend = await open();
      const result = await backend.processRefund(refund());
      expect(result).toMatchObject({
        kind: "refunded",
        duplicate: false,
        refund: { id: "R-1001", orderId: "ORD-1001", amountCents: 5000, createdAt: FIXED_NOW.toISOString() },
        order: { refundedCents: 5000 },
      });
    });

    it("returns the first refund for a repeated idempotency key instead of paying twice", async () => {
      const backend = await open();
      const first = await backend.processRefund(refund({ amountCents: 1000 }));
      const again = await backend.processRefund(refund({ amountCents: 1000 }));
      expect(again).toEqual({ ...first, duplicate: true });
      expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 1000 }] });
    });

    it("never refunds more than what is left of the order", async () => {
      const backend = await open();
      await backend.processRefund(refund({ amountCents: 3000 }));
      const over = await backend.processRefund(refund({ amountCents: 2500, idempotencyKey: "key-2" }));
      expect(over).toMatchObject({ kind: "exceeds_order", remainingCents: 2000 });
    });

    it("says already_refunded for a fully refunded order", async () => {
      const backend = await open();
      const result = await backend.processRefund(refund({ orderId: "ORD-1003", amountCents: 100 }));
      expect(result).toMatchObject({ kind: "already_refunded", order: { refundedCents: 12000 } });
    });

    it("refuses a refund to someone other than the order's customer", async () => {
      const backend = await open();
      const result = await backend.processRefund(refund({ customerId: "C-1003" }));
      expect(result).toEqual({ kind: "customer_mismatch", orderCustomerId: "C-1001" });
    });

    it("never pays a suspended account", async () => {
      const backend = await open();
      const result = await backend.processRefund(refund({ customerId: "C-1002", orderId: "ORD-1004" }));
      expect(result).toEqual({ kind: "account_suspended" });
      expect(await backend.listRefunds("ORD-1004")).toEqual({ kind: "listed", refunds: [] });
    });

    it("says order_not_found for a refund of an unknown order", async () => {
      const backend = await open();
      expect(await backend.processRefund(refund({ orderId: "ORD-4040" }))).toEqual({
        kind: "order_not_found",
      });
    });

    it("pays once for 20 concurrent refunds with the same key", async () => {
      const backend = await open();
      const results = await Promise.all(Array.from({ length: 20 }, () => backend.processRefund(refund())));
      const ids = new Set(
        results.map((result) => (result.kind === "refunded" ? result.refund.id : result.kind)),
      );
      expect([...ids]).toHaveLength(1);
      expect(results.filter((result) => result.kind === "refunded" && !result.duplicate)).toHaveLength(1);
      expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 5000 }] });
    });

    it("never exceeds the order amount with 20 concurrent refunds under different keys", async () => {
      const backend = await open();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          backend.processRefund(
            refund({ orderId: "ORD-1002", amountCents: 4000, idempotencyKey: `k-${index}` }),
          ),
        ),
      );
      expect(results.filter((result) => result.kind === "refunded")).toHaveLength(18);
      expect(results.filter((result) => result.kind === "exceeds_order")).toHaveLength(2);
      expect(await backend.getOrder("ORD-1002")).toMatchObject({ order: { refundedCents: 72000 } });
    });

    it("pays each key at most once and never more than an order's amount, whatever the sequence", async () => {
      const request = fc.record({
        orderId: fc.constantFrom("ORD-1001", "ORD-1002", "ORD-1005"),
        amountCents: fc.integer({ min: 1, max: 40000 }),
        key: fc.constantFrom("a", "b", "c", "d", "e", "f"),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(request, { maxLength: 12 }), async (requests) => {
          const backend = await open();
          const owner: Record<string, string> = {
            "ORD-1001": "C-1001",
            "ORD-1002": "C-1001",
            "ORD-1005": "C-1003",
          };
          const firstByKey = new Map<string, string>();
          for (const { orderId, amountCents, key } of requests) {
            const result = await backend.processRefund(
              refund({ orderId, amountCents, idempotencyKey: key, customerId: owner[orderId] ?? "" }),
            );
            if (result.kind !== "refunded") continue;
            const first = firstByKey.get(key);
            expect(result.duplicate).toBe(first !== undefined);
            if (first) expect(result.refund.id).toBe(first);
            else firstByKey.set(key, result.refund.id);
          }
          for (const orderId of ["ORD-1001", "ORD-1002", "ORD-1005"]) {
            const order = await backend.getOrder(orderId);
            if (order.kind !== "found") throw new Error(`${orderId} vanished`);
            expect(order.order.refundedCents).toBeLessThanOrEqual(order.order.amountCents);
          }
          const all = await Promise.all(
            ["ORD-1001", "ORD-1002", "ORD-1005"].map((id) => backend.listRefunds(id)),
          );
          const keys = all
            .flatMap((listed) => (listed.kind === "listed" ? listed.refunds : []))
            .map((r) => r.idempotencyKey);
          expect(new Set(keys).size).toBe(keys.length);
          await backend.close();
        }),
        { numRuns: propertyRuns },
      );
      // Every run opens a fresh store: ~15 s on embedded PGlite when the machine is idle, 4× that inside a
      // full `pnpm test` on 2 cores. Time is not what this asserts.
    }, 240_000);

    it("keeps an escalation as an open ticket with its pending request until a person resolves it", async () => {
      const backend = await open();
      const pendingRequest = { tool: "process_refund", input: { order_id: "ORD-1002", amount: 750 } };
      const created = await backend.createEscalation({
        category: "refund_over_limit",
        summary: "Refund above the limit",
        customerId: "C-1001",
        pendingRequest,
      });
      expect(created).toMatchObject({
        kind: "created",
        duplicate: false,
        ticket: { id: "T-1001", status: "open" },
      });
      expect(await backend.listTickets({ status: "open" })).toMatchObject({
        tickets: [{ id: "T-1001", pendingRequest, customerId: "C-1001", createdAt: FIXED_NOW.toISOString() }],
      });
      expect(await backend.resolveTicket("T-1001", "Refund approved")).toMatchObject({
        kind: "resolved",
        ticket: { status: "resolved", resolution: "Refund approved" },
      });
      expect(await backend.listTickets({ status: "open" })).toEqual({ kind: "listed", tickets: [] });
      expect(await backend.resolveTicket("T-1001", "again")).toMatchObject({ kind: "already_resolved" });
      expect(await backend.resolveTicket("T-9999", "x")).toEqual({ kind: "not_found" });
    });

    it("opens one ticket for a repeated escalation key", async () => {
      const backend = await open();
      const request = {
        category: "customer_request",
        summary: "Wants a manager",
        customerId: null,
        pendingRequest: null,
        idempotencyKey: "esc-1",
      } as const;
      const first = await backend.createEscalation(request);
      expect(await backend.createEscalation(request)).toEqual({ ...first, duplicate: true });
      expect(await backend.listTickets()).toMatchObject({ tickets: [{ id: "T-1001" }] });
    });

    it("lists the fees inside a window, none for a customer without fees, and knows unknown customers", async () => {
      const backend = await open();
      const window = { from: "2025-11-22", to: "2026-11-22" };
      expect(await backend.feesForCustomer("C-1001", window)).toMatchObject({
        kind: "found",
        fees: [{ id: "F-1", amountCents: 2500, chargedOn: "2026-03-10" }, { id: "F-2" }],
      });
      expect(await backend.feesForCustomer("C-1003", window)).toEqual({ kind: "found", fees: [] });
      expect(await backend.feesForCustomer("C-9999", window)).toEqual({ kind: "customer_not_found" });
    });

    it("fails the next staged call only, with the staged kind", async () => {
      const backend = await open();
      backend.faults.next("getOrder", "timeout");
      backend.faults.next("getOrder", "unreachable");
      expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "timeout" });
      expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "unreachable" });
      expect(await backend.getOrder("ORD-1001")).toMatchObject({ kind: "found" });
    });

    it("applies a write whose answer timed out, so the retry with the same key is a duplicate", async () => {
      const backend = await open();
      backend.faults.next("processRefund", "timeout");
      expect(await backend.processRefund(refund())).toEqual({ kind: "timeout" });
      expect(await backend.processRefund(refund())).toMatchObject({ kind: "refunded", duplicate: true });
    });

    it("writes nothing when the store is unreachable", async () => {
      const backend = await open();
      backend.faults.next("processRefund", "unreachable");
      expect(await backend.processRefund(refund())).toEqual({ kind: "unreachable" });
      expect(await backend.listRefunds("ORD-1001")).toEqual({ kind: "listed", refunds: [] });
    });

    it("fails the same calls for the same fault seed", async () => {
      const sequence = async () => {
        const backend = await open({ faultRate: 0.5, seed: 42 });
        const kinds: string[] = [];
        for (let call = 0; call < 12; call++) kinds.push((await backend.getCustomerById("C-1001")).kind);
        return kinds;
      };
      const first = await sequence();
      expect(first).toEqual(await sequence());
      expect(new Set(first)).toEqual(new Set(["found", "timeout", "unreachable"]));
    });

    it("reports a closed store as unreachable, never as not found", async () => {
      const backend = await open();
      await backend.close();
      expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "unreachable" });
      expect(await backend.getCustomerByEmail("alice@example.com")).toEqual({ kind: "unreachable" });
    });

    describe("the automatic refund limit and idempotency keys hold in the store's own transaction", () => {
      const limited = (overrides: Partial<RefundRequest>) =>
        refund({ orderId: "ORD-1002", automaticLimitCents: 50_000, ...overrides });

      it("pays $375, then sends a second $375 on the same order to a person: a ticket, nothing paid", async () => {
        const backend = await open();
        const first = await backend.processRefund(
          limited({ amountCents: 37_500, idempotencyKey: "split-1" }),
        );
        expect(first).toMatchObject({ kind: "refunded", duplicate: false });
        const second = await backend.processRefund(
          limited({ amountCents: 37_500, idempotencyKey: "split-2" }),
        );
        expect(second).toMatchObject({
          kind: "over_limit",
          duplicate: false,
          limitCents: 50_000,
          ticket: { category: "refund_over_limit", status: "open", customerId: "C-1001" },
          order: { refundedCents: 37_500 },
        });
        const retried = await backend.processRefund(
          limited({ amountCents: 37_500, idempotencyKey: "split-2" }),
        );
        expect(retried).toMatchObject({ kind: "over_limit", duplicate: true });
        if (second.kind === "over_limit" && retried.kind === "over_limit")
          expect(retried.ticket.id).toBe(second.ticket.id);
        expect(await backend.listRefunds("ORD-1002")).toMatchObject({
          kind: "listed",
          refunds: [{ amountCents: 37_500 }],
        });
        const tickets = await backend.listTickets();
        expect(
          tickets.kind === "listed" ? tickets.tickets.filter((t) => t.category === "refund_over_limit") : [],
        ).toHaveLength(1);
      });

      it("never pays more than the limit automatically when ten different refunds of one order race", async () => {
        const backend = await open();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            backend.processRefund(limited({ amountCents: 20_000, idempotencyKey: `race-${index}` })),
          ),
        );
        const paid = results.filter((result) => result.kind === "refunded");
        const held = results.filter((result) => result.kind === "over_limit");
        expect(paid).toHaveLength(2);
        expect(held).toHaveLength(8);
        const listed = await backend.listRefunds("ORD-1002");
        const total =
          listed.kind === "listed" ? listed.refunds.reduce((sum, r) => sum + r.amountCents, 0) : -1;
        expect(total).toBe(40_000);
      });

      it("refuses a key reused with another amount, and never returns the first refund for it", async () => {
        const backend = await open();
        await backend.processRefund(refund({ amountCents: 1000, idempotencyKey: "same-key" }));
        const reused = await backend.processRefund(refund({ amountCents: 2000, idempotencyKey: "same-key" }));
        expect(reused).toEqual({ kind: "key_reused", idempotencyKey: "same-key" });
        const listed = await backend.listRefunds("ORD-1001");
        expect(listed.kind === "listed" ? listed.refunds.map((r) => r.amountCents) : []).toEqual([1000]);
      });

      it("refuses a key reused on another customer's order without revealing that refund", async () => {
        const backend = await open();
        await backend.processRefund(
          refund({ customerId: "C-1003", orderId: "ORD-1005", amountCents: 500, idempotencyKey: "k" }),
        );
        const reused = await backend.processRefund(refund({ amountCents: 500, idempotencyKey: "k" }));
        expect(reused).toEqual({ kind: "key_reused", idempotencyKey: "k" });
        expect(JSON.stringify(reused)).not.toContain("C-1003");
      });
    });

    it("keeps a conversation's calls in order, apart from other conversations, the latest first to go", async () => {
      const backend = await open();
      await backend.recordConversationCall("conv-a", { n: 1 });
      await backend.recordConversationCall("conv-b", { n: 9 });
      await backend.recordConversationCall("conv-a", { n: 2, nested: { ok: true } });
      expect(await backend.conversationCalls("conv-a", 10)).toEqual({
        kind: "listed",
        entries: [{ n: 1 }, { n: 2, nested: { ok: true } }],
      });
      expect(await backend.conversationCalls("conv-a", 1)).toEqual({
        kind: "listed",
        entries: [{ n: 2, nested: { ok: true } }],
      });
      expect(await backend.conversationCalls("conv-none", 10)).toEqual({ kind: "listed", entries: [] });
    });

    it("binds an idempotency key to the first request's fingerprint: same again, another refused", async () => {
      const backend = await open();
      expect(await backend.claimIdempotencyKey("key-a", "fp-1")).toEqual({ kind: "claimed" });
      expect(await backend.claimIdempotencyKey("key-a", "fp-1")).toEqual({ kind: "same" });
      expect(await backend.claimIdempotencyKey("key-a", "fp-2")).toEqual({ kind: "other" });
      expect(await backend.claimIdempotencyKey("key-b", "fp-2")).toEqual({ kind: "claimed" });
    });

    it("lets exactly one of ten concurrent claims of a key bind it", async () => {
      const backend = await open();
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => backend.claimIdempotencyKey("race", `fp-${index}`)),
      );
      expect(claims.filter((claim) => claim.kind === "claimed")).toHaveLength(1);
      expect(claims.filter((claim) => claim.kind === "other")).toHaveLength(9);
    });

    it("answers a staged failure of a claim as the store failure, binding nothing", async () => {
      const backend = await open();
      backend.faults.stage([{ operation: "claimIdempotencyKey", kind: "unreachable" }]);
      expect(await backend.claimIdempotencyKey("key-f", "fp-1")).toEqual({ kind: "unreachable" });
      expect(await backend.claimIdempotencyKey("key-f", "fp-2")).toEqual({ kind: "claimed" });
    });
  });
}
