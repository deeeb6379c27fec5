import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_DATA } from "../seed.js";
import { batchedLookup, MAX_BATCH, textArray } from "./batched-lookup.js";
import type { SqlDatabase } from "./database.js";
import { pgliteDatabase } from "./pglite-database.js";
import { openSqlBackend } from "./sql-backend.js";
import { pgliteBackends } from "./sql-backends.test-helpers.js";

// One PGlite session for the tests that only read, behind one wrapper (it prepares each statement once).
let shared: Promise<SqlDatabase> | undefined;
const sharedDatabase = () => {
  shared ??= PGlite.create().then(pgliteDatabase);
  return shared;
};
afterAll(async () => {
  await (await shared)?.close();
});

interface Row {
  readonly id: string;
  readonly value: string;
}

/** A lookup over an in-memory table that records the keys of every statement it is sent. */
function recordingLookup(
  table: Record<string, string>,
  fail?: (keys: readonly string[]) => Error | undefined,
) {
  const statements: string[][] = [];
  const lookup = batchedLookup<Row, string>(
    async (keys) => {
      statements.push([...keys]);
      const error = fail?.(keys);
      if (error) throw error;
      return keys.flatMap((id) => (id in table ? [{ id, value: table[id] as string }] : []));
    },
    (row) => row.id,
    (row) => row.value,
  );
  return { lookup, statements };
}

describe("batchedLookup", () => {
  it("sends every key asked for in one turn as one statement, and gives each caller its own row", async () => {
    const { lookup, statements } = recordingLookup({ a: "A", b: "B", c: "C" });
    const results = await Promise.all(["a", "b", "missing", "c"].map((key) => lookup.load(key)));
    expect(results).toEqual(["A", "B", undefined, "C"]);
    expect(statements).toEqual([["a", "b", "missing", "c"]]);
  });

  it("asks for a repeated key once and answers every caller of it", async () => {
    const { lookup, statements } = recordingLookup({ a: "A" });
    expect(await Promise.all([lookup.load("a"), lookup.load("a"), lookup.load("a")])).toEqual([
      "A",
      "A",
      "A",
    ]);
    expect(statements).toEqual([["a"]]);
  });

  it("starts a new statement for keys asked for in a later turn", async () => {
    const { lookup, statements } = recordingLookup({ a: "A", b: "B" });
    expect(await lookup.load("a")).toBe("A");
    expect(await lookup.load("b")).toBe("B");
    expect(statements).toEqual([["a"], ["b"]]);
  });

  it(`puts at most ${MAX_BATCH} keys in one statement`, async () => {
    const keys = Array.from({ length: MAX_BATCH * 2 + 1 }, (_, index) => `k${index}`);
    const { lookup, statements } = recordingLookup(
      Object.fromEntries(keys.map((key) => [key, key.toUpperCase()])),
    );
    expect(await Promise.all(keys.map((key) => lookup.load(key)))).toEqual(
      keys.map((key) => key.toUpperCase()),
    );
    expect(statements.map((statement) => statement.length)).toEqual([MAX_BATCH, MAX_BATCH, 1]);
  });

  it("fails every caller of a failed statement with its error, and the next turn starts afresh", async () => {
    let down = true;
    const outage = new Error("Connection terminated unexpectedly");
    const { lookup } = recordingLookup({ a: "A", b: "B" }, () => (down ? outage : undefined));
    const settled = await Promise.allSettled([lookup.load("a"), lookup.load("b")]);
    expect(settled).toEqual([
      { status: "rejected", reason: outage },
      { status: "rejected", reason: outage },
    ]);
    down = false;
    expect(await lookup.load("a")).toBe("A");
  });

  it("sends a key holding NUL on its own, so the database refusing it fails that caller alone", async () => {
    const { lookup, statements } = recordingLookup({ a: "A", b: "B" }, (keys) =>
      keys.some((key) => key.includes("\u0000")) ? new Error("invalid byte sequence") : undefined,
    );
    const settled = await Promise.allSettled([lookup.load("a"), lookup.load("x\u0000y"), lookup.load("b")]);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(statements).toEqual([["x\u0000y"], ["a", "b"]]);
  });
});

/** Keys a text-array literal must carry through unchanged, whatever their characters. */
const AWKWARD_KEYS = [
  "ORD-1001",
  "",
  "NULL",
  "null",
  "a,b",
  "{braces}",
  'say "hi"',
  "back\\slash",
  "trailing\\",
  " spaced ",
  "tab\there",
  "line\nbreak",
  "ünïcødé ✓ 日本",
];

async function roundTrip(database: Pick<SqlDatabase, "query">): Promise<string[]> {
  const { rows } = await database.query<{ key: string }>("SELECT unnest($1::text[]) AS key", [
    textArray(AWKWARD_KEYS),
  ]);
  return rows.map((row) => row.key);
}

describe("textArray", () => {
  it("is read back by PGlite as exactly the keys it was given", async () => {
    expect(await roundTrip(await sharedDatabase())).toEqual(AWKWARD_KEYS);
  });

  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    it("is read back by PostgreSQL (pg) as exactly the keys it was given", async () => {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      try {
        const { rows } = await pool.query<{ key: string }>("SELECT unnest($1::text[]) AS key", [
          textArray(AWKWARD_KEYS),
        ]);
        expect(rows.map((row) => row.key)).toEqual(AWKWARD_KEYS);
      } finally {
        await pool.end();
      }
    });
  }
});

describe("the SQL store's lookups by id, batched", () => {
  const pglite = pgliteBackends();

  /** A PGlite store (one instance for these tests; they only read) whose statements are counted by name. */
  async function countedStore() {
    const database = await sharedDatabase();
    const sent: string[] = [];
    const counted: SqlDatabase = {
      ...database,
      run: (statement, params) => {
        sent.push(statement.name);
        return database.run(statement, params);
      },
      close: async () => {},
    };
    const backend = await openSqlBackend(counted, {}, { readCache: true });
    sent.length = 0;
    return { backend, sent };
  }

  it("answers concurrent order and customer lookups each with its own record, in one statement per table", async () => {
    const { backend, sent } = await countedStore();
    const orderIds = [...SAMPLE_DATA.orders.map((order) => order.id), "ORD-9999"];
    const customerIds = [...SAMPLE_DATA.customers.map((customer) => customer.id), "C-9999"];
    const [orders, customers] = await Promise.all([
      Promise.all(orderIds.map((id) => backend.getOrder(id))),
      Promise.all(customerIds.map((id) => backend.getCustomerById(id))),
    ]);
    expect(orders.map((result) => (result.kind === "found" ? result.order.id : result.kind))).toEqual([
      ...SAMPLE_DATA.orders.map((order) => order.id),
      "not_found",
    ]);
    expect(customers.map((result) => (result.kind === "found" ? result.customer.id : result.kind))).toEqual([
      ...SAMPLE_DATA.customers.map((customer) => customer.id),
      "not_found",
    ]);
    expect(sent.sort()).toEqual(["keel_customers_by_ids", "keel_orders_by_ids"]);
    await backend.close();
  });

  it("a lookup the database refuses fails alone: the others in its turn are answered", async () => {
    const { backend } = await countedStore();
    const settled = await Promise.allSettled([
      backend.getOrder("ORD-1001"),
      backend.getOrder("ORD-\u00001"),
      backend.getOrder("ORD-1002"),
    ]);
    expect(settled[0]).toMatchObject({
      status: "fulfilled",
      value: { kind: "found", order: { id: "ORD-1001" } },
    });
    expect(settled[1]).toMatchObject({ status: "rejected" });
    expect(settled[2]).toMatchObject({
      status: "fulfilled",
      value: { kind: "found", order: { id: "ORD-1002" } },
    });
    await backend.close();
  });

  it("a closed store reports every waiting lookup unreachable, never not found", async () => {
    const backend = await pglite();
    const pending = Promise.all([backend.getOrder("ORD-1001"), backend.getCustomerById("C-1001")]);
    await backend.close();
    expect(await pending).toEqual([{ kind: "unreachable" }, { kind: "unreachable" }]);
  });
});
