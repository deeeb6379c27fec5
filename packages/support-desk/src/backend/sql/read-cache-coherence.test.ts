import { createToolset } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createSupportTools } from "../../tools/create-support-tools.js";
import { toolContext, validateAndRun } from "../../tools/tool-context.test-helpers.js";
import type { RefundRequest } from "../types.js";
import type { SqlDatabase, SqlSession, SqlStatement } from "./database.js";
import { openSqlBackend } from "./sql-backend.js";
import { pgliteBackends, postgresBackends } from "./sql-backends.test-helpers.js";

const pglite = pgliteBackends();
const refund = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  customerId: "C-1001",
  orderId: "ORD-1002",
  amountCents: 4000,
  reason: "Arrived damaged",
  idempotencyKey: "coherence-1",
  ...overrides,
});

describe("PGlite read cache: coherent with every write through the backend", () => {
  it("shows the new refunded amount in lookup_order right after a refund", async () => {
    const backend = await pglite();
    const toolset = createToolset(createSupportTools(backend));
    const lookup = () =>
      validateAndRun(
        toolset,
        { id: "t", name: "lookup_order", input: { order_id: "ORD-1001" } },
        toolContext(),
      );
    expect(await lookup()).toMatchObject({ data: { refunded_amount: 0 } });
    const paid = await validateAndRun(
      toolset,
      {
        id: "t",
        name: "process_refund",
        input: { customer_id: "C-1001", order_id: "ORD-1001", amount: 12.5, reason: "Arrived damaged" },
      },
      toolContext({ idempotencyKey: "coherence-tool-1" }),
    );
    expect(paid).toMatchObject({ kind: "success" });
    expect(await lookup()).toMatchObject({ data: { refunded_amount: 12.5, refundable_amount: 37.5 } });
    await backend.close();
  });

  it("never lets concurrent refunds exceed the order, with lookups racing them", async () => {
    const backend = await pglite();
    await backend.getOrder("ORD-1002");
    const refunds = Array.from({ length: 20 }, (_, index) =>
      backend.processRefund(refund({ idempotencyKey: `race-${index}` })),
    );
    const lookups = Array.from({ length: 20 }, () => backend.getOrder("ORD-1002"));
    const [paid, seen] = await Promise.all([Promise.all(refunds), Promise.all(lookups)]);
    expect(paid.filter((result) => result.kind === "refunded")).toHaveLength(18);
    for (const lookup of seen) {
      if (lookup.kind !== "found") throw new Error(`lookup failed: ${lookup.kind}`);
      expect(lookup.order.refundedCents).toBeLessThanOrEqual(lookup.order.amountCents);
    }
    const listed = await backend.listRefunds("ORD-1002");
    const total = listed.kind === "listed" ? listed.refunds.reduce((sum, r) => sum + r.amountCents, 0) : -1;
    expect(await backend.getOrder("ORD-1002")).toMatchObject({ order: { refundedCents: total } });
    expect(total).toBe(72000);
    await backend.close();
  });

  it("reads each refund's effect right after it, refund after refund", async () => {
    const backend = await pglite();
    for (let step = 1; step <= 5; step += 1) {
      await backend.processRefund(refund({ amountCents: 1000, idempotencyKey: `step-${step}` }));
      expect(await backend.getOrder("ORD-1002")).toMatchObject({ order: { refundedCents: step * 1000 } });
    }
    await backend.close();
  });

  it("reports a closed store as unreachable even for a lookup it had cached", async () => {
    const backend = await pglite();
    expect(await backend.getOrder("ORD-1001")).toMatchObject({ kind: "found" });
    expect(await backend.getCustomerByEmail("alice@example.com")).toMatchObject({ kind: "found" });
    await backend.close();
    expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "unreachable" });
    expect(await backend.getCustomerByEmail("alice@example.com")).toEqual({ kind: "unreachable" });
  });

  it("still fails a staged fault on a lookup it had cached: an outage never reads as an answer", async () => {
    const backend = await pglite();
    await backend.getOrder("ORD-1001");
    backend.faults.next("getOrder", "unreachable");
    expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "unreachable" });
    expect(await backend.getOrder("ORD-1001")).toMatchObject({ kind: "found" });
    await backend.close();
  });
});

/** A database that answers like a migrated PostgreSQL and counts the statements it runs. */
function countingPostgres(): SqlDatabase & { readonly runs: string[] } {
  const runs: string[] = [];
  const session: SqlSession = {
    query: async <Row>(text: string) =>
      ({
        rows: text.startsWith("SELECT id FROM schema_migrations")
          ? [{ id: "001_support_desk" }, { id: "seed_sample_data_v1" }]
          : [],
      }) as { rows: Row[] },
    run: async <Row>(statement: SqlStatement) => {
      runs.push(statement.name);
      return [] as Row[];
    },
    runScript: async () => {},
  };
  return {
    ...session,
    dialect: "postgres",
    runs,
    transaction: (run) => run(session),
    close: async () => {},
  };
}

describe("PostgreSQL is never cached", () => {
  it("sends every lookup to the database even when asked to cache", async () => {
    const database = countingPostgres();
    const backend = await openSqlBackend(database, {}, { readCache: true });
    await backend.getOrder("ORD-1001");
    await backend.getOrder("ORD-1001");
    await backend.getCustomerById("C-1001");
    await backend.getCustomerById("C-1001");
    expect(database.runs).toEqual(["keel_order", "keel_order", "keel_customer_by_id", "keel_customer_by_id"]);
  });

  const postgres = postgresBackends();
  // Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
  if (postgres) {
    it("shows a refund made by another process at once", async () => {
      const schema = postgres.newSchema();
      const [reader, writer] = await Promise.all([postgres({}, schema), postgres({}, schema)]);
      expect(await reader.getOrder("ORD-1001")).toMatchObject({ order: { refundedCents: 0 } });
      await writer.processRefund(refund({ orderId: "ORD-1001", amountCents: 700 }));
      expect(await reader.getOrder("ORD-1001")).toMatchObject({ order: { refundedCents: 700 } });
      await Promise.all([reader.close(), writer.close()]);
    });
  }
});
