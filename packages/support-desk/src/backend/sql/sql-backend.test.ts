import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { KeelConfigError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { describeBackendContract } from "../backend-contract.test-helpers.js";
import { SAMPLE_DATA } from "../seed.js";
import { migrate } from "./migrations.js";
import { pgliteDatabase } from "./pglite-database.js";
import { createSqlBackend } from "./sql-backend.js";
import { pgliteBackends, postgresBackends } from "./sql-backends.test-helpers.js";

describeBackendContract("PGlite", pgliteBackends());

const postgres = postgresBackends();
// Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
if (postgres) {
  describeBackendContract("PostgreSQL", (options) => postgres(options));

  describe("PostgreSQL store", () => {
    it("migrates a schema once even when two backends start together", async () => {
      const schema = postgres.newSchema();
      const [first, second] = await Promise.all([postgres({}, schema), postgres({}, schema)]);
      expect(await first.getCustomerById("C-1001")).toMatchObject({ kind: "found" });
      expect(await second.listRefunds("ORD-1003")).toMatchObject({ refunds: [{ id: "R-1000" }] });
      await Promise.all([first.close(), second.close()]);
    });

    it("reports a pool that was shut down as unreachable", async () => {
      const backend = await postgres();
      await backend.close();
      expect(await backend.getOrder("ORD-1001")).toEqual({ kind: "unreachable" });
    });
  });
}

describe("SQL store", () => {
  it("runs its migrations once: a second run applies nothing", async () => {
    const database = pgliteDatabase(await PGlite.create());
    expect(await migrate(database, { seed: SAMPLE_DATA })).toEqual([
      "001_support_desk",
      "002_conversation_calls",
      "003_idempotency_keys",
      "004_memory_files",
      "seed_sample_data_v1",
    ]);
    expect(await migrate(database, { seed: SAMPLE_DATA })).toEqual([]);
    expect((await database.query("SELECT count(*)::integer AS n FROM customers")).rows).toEqual([{ n: 3 }]);
    await database.close();
  });

  it("keeps refunds and tickets in a PGlite data directory across restarts", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "keel-support-desk-"));
    try {
      const first = await createSqlBackend({ dataDir });
      await first.processRefund({
        customerId: "C-1001",
        orderId: "ORD-1001",
        amountCents: 2000,
        reason: "Late",
        idempotencyKey: "persist-1",
      });
      await first.createEscalation({
        category: "customer_request",
        summary: "Call me",
        customerId: null,
        pendingRequest: null,
      });
      await first.close();
      const second = await createSqlBackend({ dataDir });
      expect(await second.getOrder("ORD-1001")).toMatchObject({ order: { refundedCents: 2000 } });
      expect(await second.listTickets({ status: "open" })).toMatchObject({
        tickets: [{ summary: "Call me" }],
      });
      expect(await second.getCustomerByEmail("alice@example.com")).toMatchObject({ kind: "found" });
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("starts empty when told not to load the sample data", async () => {
    const backend = await createSqlBackend({ data: false });
    expect(await backend.getCustomerById("C-1001")).toEqual({ kind: "not_found" });
    await backend.close();
  });

  it("refuses to start against a PostgreSQL that does not answer", async () => {
    await expect(createSqlBackend({ databaseUrl: "postgres://keel:keel@127.0.0.1:1/keel" })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it.each([
    [{ schema: "x; DROP TABLE orders" }, /schema/],
    [{ statementTimeoutMs: Number.NaN }, /statementTimeoutMs/],
    [{ faultRate: 2 }, /faultRate/],
  ])("rejects the option %j as a KeelConfigError, before opening a database", async (options, message) => {
    const folder = await mkdtemp(join(tmpdir(), "keel-options-"));
    const dataDir = join(folder, "store");
    try {
      const error = await createSqlBackend({ ...options, dataDir }).catch((thrown: unknown) => thrown);
      expect(KeelConfigError.isInstance(error)).toBe(true);
      expect(String(error)).toMatch(message);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("keeps its tables in the schema it is given", async () => {
    const backend = await createSqlBackend({ schema: "support_desk" });
    expect(await backend.getOrder("ORD-1001")).toMatchObject({ kind: "found" });
    await backend.close();
  });
});
