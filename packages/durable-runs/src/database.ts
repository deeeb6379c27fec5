import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { makeFolder, type PidLock, readHolder, tryLock } from "@keel/folder-lock/internal";
import type { ConstructorOptions } from "pg-boss";
import { fromPglite } from "pg-boss";
import { ownedByTurns, servedByTurns, Turn } from "./pglite-owner.js";

/** Where the runs live: a PGlite folder this process owns, or PostgreSQL (a URL, or a PGlite owner's socket). */
export type DurableStoreOptions =
  | { readonly dataDir: string; readonly databaseUrl?: undefined }
  | { readonly databaseUrl: string; readonly dataDir?: undefined };

/** One connection's queries: the whole database, or one transaction. */
export interface DurableSession {
  /** One statement; the rows it returned. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** The SQL the package runs itself, and how pg-boss reaches the same database. */
export interface DurableDatabase extends DurableSession {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it rejects. */
  transaction<T>(work: (session: DurableSession) => Promise<T>): Promise<T>;
  /** Several statements without parameters (the schema). */
  exec(text: string): Promise<void>;
  /** How pg-boss reaches the same database (a connection, or the PGlite owner's instance). */
  readonly bossOptions: ConstructorOptions;
  /** Closes the connections; the PGlite owner also stops serving its socket and gives up the folder. */
  close(): Promise<void>;
}

/** The file of the Postgres wire socket a PGlite owner listens on, inside its folder. */
export const SOCKET_PORT = 5432;
export const socketFileOf = (dataDir: string): string => join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);

/**
 * Opens the store. A PGlite folder with a live owner (a process listening on the folder's socket) is reached
 * through that owner — never opened a second time; otherwise this process opens it and becomes its owner.
 * A process reaching the folder through its owner takes the folder over when that owner goes away (it exited,
 * or was killed): its queries, and pg-boss's, go on through the new owner's socket.
 */
export async function openDatabase(options: DurableStoreOptions): Promise<DurableDatabase> {
  if (options.databaseUrl !== undefined) {
    const url = options.databaseUrl;
    // pg takes anything else for a host name ("nope" fails as "getaddrinfo ENOTFOUND base").
    if (typeof url !== "string" || !(url.startsWith("/") || URL.canParse(url))) {
      throw new TypeError(
        "databaseUrl must be a PostgreSQL URL (postgres://user:password@host:port/database) or a socket folder.",
      );
    }
    return openPostgres({ connectionString: url });
  }
  const { dataDir } = options;
  // PGlite takes "" for an in-memory database: runs that vanish with the process.
  if (typeof dataDir !== "string" || dataDir.trim() === "") {
    throw new TypeError(
      "dataDir must name a folder (PGlite keeps the runs there); give databaseUrl for PostgreSQL.",
    );
  }
  makeFolder(dataDir);
  const owned = await ownOrReach(dataDir);
  return owned ?? throughOwner(dataDir);
}

/** Opens the folder as its owner, or `undefined` once its live owner answers on the socket. */
async function ownOrReach(dataDir: string): Promise<DurableDatabase | undefined> {
  for (const deadline = Date.now() + OWNER_WAIT_MS; ; ) {
    if (existsSync(socketFileOf(dataDir)) && (await answers(dataDir))) return undefined;
    const lock = takeOwnership(dataDir);
    if (lock !== undefined) return openPglite(dataDir, lock);
    // Another process is opening the folder: it will serve it as soon as it is open.
    if (Date.now() > deadline) {
      throw new Error(
        `${dataDir} is owned by process ${readHolder(lockFileOf(dataDir))?.pid}, which does not answer on its socket.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How often a process reaching a folder through its owner checks that the owner is still there. */
const OWNER_CHECK_MS = 1_000;

/** An error that is not the database's own (no SQLSTATE): the connection to the owner's socket failed. */
const connectionLost = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === "string" && /^[0-9A-Z]{5}$/.test(code));
};

/**
 * The folder through its owner's socket. When the owner goes away (its lock is gone or names a dead process,
 * or a statement fails on the connection), this process takes the folder over with the owner's lock
 * (`takeOwnership`, as a stale lock is taken over) and serves the socket itself; its pool and pg-boss's
 * connect again to the same socket. A statement that failed on the lost connection is sent once more.
 */
async function throughOwner(dataDir: string): Promise<DurableDatabase> {
  const reached = await openPostgres({
    host: dataDir,
    port: SOCKET_PORT,
    user: "postgres",
    database: "postgres",
  });
  let owned: DurableDatabase | undefined;
  let closed = false;
  let takingOver: Promise<void> | undefined;
  const takeOver = (): Promise<void> => {
    takingOver ??= (async () => {
      if (owned !== undefined || closed) return;
      owned = await ownOrReach(dataDir);
    })().finally(() => {
      takingOver = undefined;
    });
    return takingOver;
  };
  // No lock: the owner closed the folder.
  const ownerGone = () => readHolder(lockFileOf(dataDir))?.alive !== true;
  const watch = setInterval(() => {
    if (owned === undefined && !closed && takingOver === undefined && ownerGone())
      void takeOver().catch(() => {}); // the next check tries again
  }, OWNER_CHECK_MS);
  watch.unref();
  const again = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (closed || !connectionLost(error) || !ownerGone()) throw error;
      await takeOver();
      return work();
    }
  };
  return {
    query: (text, params) => again(() => reached.query(text, params)),
    transaction: (work) => again(() => reached.transaction(work)),
    exec: (text) => again(() => reached.exec(text)),
    bossOptions: reached.bossOptions,
    async close() {
      closed = true;
      clearInterval(watch);
      await takingOver?.catch(() => {});
      await reached.close();
      await owned?.close();
    },
  };
}

const OWNER_WAIT_MS = 120_000;
const lockFileOf = (dataDir: string) => join(dataDir, "keel-owner.pid");

/**
 * The folder's owner lock (`@keel/folder-lock`): created once; a lock whose process is gone is taken over, by
 * one process when several reaching the folder try at once. `undefined` while a live process (this one too)
 * holds it.
 */
function takeOwnership(dataDir: string): PidLock | undefined {
  const attempt = tryLock(lockFileOf(dataDir));
  return attempt.acquired ? attempt.lock : undefined;
}

async function answers(dataDir: string): Promise<boolean> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ host: dataDir, port: SOCKET_PORT, user: "postgres", database: "postgres" });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

interface PgConnection {
  readonly connectionString?: string;
  readonly host?: string;
  readonly port?: number;
  readonly user?: string;
  readonly database?: string;
}

async function openPostgres(connection: PgConnection): Promise<DurableDatabase> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ ...connection, max: 4 });
  pool.on("error", () => {}); // a dropped idle connection is replaced on the next query
  return {
    async query(text, params) {
      const result = await pool.query(text, params as unknown[] | undefined);
      return result.rows;
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const session: DurableSession = {
          query: async (text, params) => (await client.query(text, params as unknown[] | undefined)).rows,
        };
        const value = await work(session);
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    bossOptions: { ...connection, max: 4 },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the folder as its owner; `lock`, the owner lock, is released when it is closed. */
async function openPglite(dataDir: string, lock: PidLock): Promise<DurableDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  // The owner serves every other process of the folder (a CLI beside a worker) on the folder's socket, and
  // takes turns with them on the one backend: one transaction at a time (see `Turn`).
  const turn = new Turn();
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const server = new PGLiteSocketServer({
    db: servedByTurns(pglite, turn),
    path: socketFileOf(dataDir),
    maxConnections: 64,
  });
  await rm(socketFileOf(dataDir), { force: true }); // left by an owner that was killed
  await server.start();
  return {
    query: (text, params) =>
      turn.run(async () => (await pglite.query(text, params as unknown[] | undefined)).rows as never[]),
    transaction: (work) =>
      turn.run(() =>
        pglite.transaction((transaction) =>
          work({
            query: async (text, params) =>
              (await transaction.query(text, params as unknown[] | undefined)).rows as never[],
          }),
        ),
      ),
    exec: (text) => turn.run(async () => void (await pglite.exec(text))),
    bossOptions: { backend: "pglite", db: fromPglite(ownedByTurns(pglite, turn)) },
    async close() {
      await server.stop();
      await pglite.close();
      lock.release();
    },
  };
}

/** pg-boss's `db` option for one session: a job sent through it is part of the session's transaction. */
export const bossSession = (session: DurableSession) => ({
  executeSql: async (text: string, values?: unknown[]) => ({ rows: await session.query(text, values) }),
});
