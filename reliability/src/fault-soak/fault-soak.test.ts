import { createMemoryBackend } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { runFaultSoak } from "./run-fault-soak.js";
import { ledgerViolations } from "./soak-invariants.js";
import { buildSoakWorld } from "./soak-plans.js";

const sizes = readSizes("small");
const databaseUrl = process.env.DATABASE_URL;

describe("the fault soak on PGlite", () => {
  it("keeps every invariant over seeded runs with 30% store faults and model faults", async () => {
    const report = await runFaultSoak({ runs: sizes.soakRuns, concurrency: sizes.soakConcurrency });
    expect(report.violations).toEqual([]);
    expect(Object.values(report.statuses).reduce((sum, count) => sum + count, 0)).toBe(sizes.soakRuns);
    expect(report.storeFaults).toBeGreaterThan(0);
    expect(Object.keys(report.modelFaults).length).toBeGreaterThan(3);
    expect(report.ledger.ledgerRefunds).toBeGreaterThan(0);
    expect(report.outageAnswersClaimingNotFound).toBe(0);
  });
});

describe("the soak's own checks (memory store, quick)", () => {
  it("runs the same seed to the same statuses and ledger, however the runs interleave", async () => {
    const options = { runs: 12, concurrency: 4, seed: 11, store: { kind: "memory" } } as const;
    const [first, second] = [await runFaultSoak(options), await runFaultSoak({ ...options, concurrency: 2 })];
    expect(second.statuses).toEqual(first.statuses);
    expect(second.ledger).toEqual(first.ledger);
    expect(second.modelFaults).toEqual(first.modelFaults);
  });

  it("catches the distractor model that tells the customer an unreachable order does not exist", async () => {
    const report = await runFaultSoak({
      runs: 5,
      concurrency: 2,
      backendFaultRate: 1,
      writer: "naive",
      store: { kind: "memory" },
    });
    expect(report.violations.some((violation) => violation.includes('was reported as "not found"'))).toBe(
      true,
    );
  });
});

describe("the ledger check", () => {
  it("flags a second refund under one idempotency key and a refund nobody asked for", async () => {
    const world = buildSoakWorld(1, 1);
    const order = world.data.orders[0]!;
    const refund = (id: string) => ({
      id,
      orderId: order.id,
      customerId: order.customerId,
      amountCents: 1,
      reason: "Planted",
      idempotencyKey: "same-key",
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const backend = createMemoryBackend({ data: { ...world.data, refunds: [refund("R-1"), refund("R-2")] } });
    const { violations } = await ledgerViolations(backend, world, []);
    expect(violations).toContain("ledger: idempotency key same-key has 2 refunds");
    expect(violations).toContain("ledger: refund R-1 answers no request");
  });
});

if (databaseUrl) {
  describe("the fault soak on PostgreSQL", () => {
    it("keeps every invariant over seeded runs with 30% store faults and model faults", async () => {
      const report = await runFaultSoak({
        runs: sizes.soakRuns,
        concurrency: sizes.soakConcurrency,
        store: { kind: "postgres", databaseUrl },
      });
      expect(report.violations).toEqual([]);
      expect(report.store).toBe("postgres");
      expect(report.storeFaults).toBeGreaterThan(0);
    });
  });
}
