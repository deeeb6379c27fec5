import { mkdtemp, rm } from "node:fs/promises";
import { createConnection } from "node:net";
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

  it("keeps a statement whose messages arrive apart whole: another client's failing statement waits for its Sync", async () => {
    const [raw, other] = [await rawClient(), await client()];
    // An extended-protocol INSERT sent up to its Execute; its Sync comes later, as a slow client's would.
    raw.send(message("P", [cString(""), cString("INSERT INTO t VALUES (1)"), int16(0)]));
    raw.send(message("B", [cString(""), cString(""), int16(0), int16(0), int16(0)]));
    raw.send(message("E", [cString(""), int32(0)]));
    await sleep(200);
    const failing = other.query("SELECT 1 / $1::int", [0]).catch(() => "refused");
    await sleep(200);
    raw.send(message("S", []));
    await raw.readyForQuery();
    expect(await failing).toBe("refused");
    raw.close();
    expect(await rows()).toEqual([1]);
  });
});

const int16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const cString = (text: string) => Buffer.from(`${text}\0`);
/** One frontend message of the Postgres wire protocol: its type byte, its length, its body. */
const message = (type: string, parts: readonly Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
};

/** A wire-protocol client by hand, to send a statement's messages apart (node-postgres sends them together). */
async function rawClient() {
  const socket = createConnection(join(dir, "runs", `.s.PGSQL.${SOCKET_PORT}`));
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
  });
  const readyForQuery = async () => {
    for (let tick = 0; tick < 200 && !received.includes(Buffer.from([0x5a, 0, 0, 0, 5])); tick += 1)
      await sleep(25);
    received = Buffer.alloc(0);
  };
  await new Promise((resolve) => socket.once("connect", resolve));
  const startup = Buffer.concat([
    int32(196608),
    cString("user"),
    cString("postgres"),
    cString("database"),
    cString("postgres"),
    Buffer.from([0]),
  ]);
  socket.write(Buffer.concat([int32(startup.length + 4), startup]));
  await readyForQuery();
  return { send: (data: Buffer) => socket.write(data), readyForQuery, close: () => socket.end() };
}
