import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DurableDatabase, openDatabase, SOCKET_PORT } from "./database.js";

// PGlite has one backend: the owner's own statements and every socket client's share it. Each test opens a
// transaction on one side, sends an autocommit statement from the other while it is open, then rolls the
// transaction back: the other side's statement must survive (it waited for the transaction, not joined it).
let dir = "";
let owner: DurableDatabase;
const clients: pg.Client[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-pglite-owner-"));
  owner = await openDatabase({ dataDir: join(dir, "runs") });
  await owner.exec("CREATE TABLE t (n integer)");
});
beforeEach(async () => {
  await owner.query("DELETE FROM t");
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end().catch(() => {})));
});
afterAll(async () => {
  await owner.close();
  await rm(dir, { recursive: true, force: true });
});

async function client() {
  const connected = new pg.Client({ host: join(dir, "runs"), port: SOCKET_PORT, user: "postgres" });
  await connected.connect();
  clients.push(connected);
  return connected;
}
/**
 * `holder` opens a transaction and inserts 1; `insertBeside` inserts 2 while it is open; then `holder` rolls
 * back. The rows left: `[2]` when the insert beside waited for the transaction instead of joining it.
 */
async function rolledBackBeside(holder: pg.Client, insertBeside: (text: string) => Promise<unknown>) {
  await holder.query("BEGIN");
  await holder.query("INSERT INTO t VALUES (1)");
  const insert = insertBeside("INSERT INTO t VALUES (2)");
  await sleep(300);
  await holder.query("ROLLBACK");
  await insert;
  return rows();
}
const rows = async () => (await owner.query<{ n: number }>("SELECT n FROM t ORDER BY n")).map((row) => row.n);

describe("one PGlite backend shared by its owner and its socket clients", () => {
  it("the owner's statement waits for a socket client's transaction instead of joining it", async () => {
    expect(await rolledBackBeside(await client(), (text) => owner.query(text))).toEqual([2]);
  });

  it("a socket client's statement waits for the owner's transaction instead of joining it", async () => {
    const other = await client();
    const transaction = owner.transaction(async (session) => {
      await session.query("INSERT INTO t VALUES (3)");
      await sleep(400);
      throw new Error("rolled back");
    });
    await sleep(100);
    const insert = other.query("INSERT INTO t VALUES (4)");
    await expect(transaction).rejects.toThrow("rolled back");
    await insert;
    expect(await rows()).toEqual([4]);
  });

  it("two socket clients' transactions do not mix", async () => {
    const [first, second] = [await client(), await client()];
    expect(await rolledBackBeside(first, (text) => second.query(text))).toEqual([2]);
  });

  it("a socket client that disconnects inside its transaction leaves the owner's transaction alone", async () => {
    const other = await client();
    await other.query("SELECT 1"); // the socket's last client
    const transaction = owner.transaction(async (session) => {
      await session.query("INSERT INTO t VALUES (7)");
      await sleep(300);
      await session.query("INSERT INTO t VALUES (8)");
    });
    await sleep(100);
    await other.end();
    await transaction;
    expect(await rows()).toEqual([7, 8]);
  });

  it("keeps each client's parameterised statements whole: parse, bind and execute of two clients never mix", async () => {
    const [first, second] = [await client(), await client()];
    const asks = Array.from({ length: 100 }, (_, index) => [
      first
        .query<{ n: number }>("SELECT $1::int + 1000 AS n", [index])
        .then(({ rows }) => rows[0]?.n === index + 1000),
      second
        .query<{ n: string }>("SELECT $1::text || '-b' AS n", [`${index}`])
        .then(({ rows }) => rows[0]?.n === `${index}-b`),
      owner.query<{ n: number }>("SELECT $1::int * 2 AS n", [index]).then((rows) => rows[0]?.n === index * 2),
    ]);
    const answers = await Promise.allSettled(asks.flat());
    expect(answers.filter((answer) => answer.status !== "fulfilled" || answer.value !== true)).toEqual([]);
  });

  it("keeps a client's write when another client's statement fails beside it", async () => {
    const [writer, failing] = [await client(), await client()];
    const writes = Array.from({ length: 100 }, (_, index) =>
      writer.query("INSERT INTO t VALUES ($1)", [index]),
    );
    const failures = Array.from({ length: 100 }, () =>
      failing.query("SELECT 1 / $1::int", [0]).catch(() => "refused"),
    );
    await Promise.all([...writes, ...failures]);
    expect(await rows()).toHaveLength(100);
  });
});
