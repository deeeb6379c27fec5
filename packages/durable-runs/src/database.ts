import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { ConstructorOptions } from "pg-boss";
import { fromPglite } from "pg-boss";

/** Where the runs live: a PGlite folder this process owns, or PostgreSQL (a URL, or a PGlite owner's socket). */
export type DurableStoreOptions =
  | { readonly dataDir: string; readonly databaseUrl?: undefined }
  | { readonly databaseUrl: string; readonly dataDir?: undefined };

/** The SQL the package runs itself, and how pg-boss reaches the same database. */
export interface DurableDatabase {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (the schema). */
  exec(text: string): Promise<void>;
  readonly bossOptions: ConstructorOptions;
  close(): Promise<void>;
}

/** The file of the Postgres wire socket a PGlite owner listens on, inside its folder. */
export const SOCKET_PORT = 5432;
export const socketFileOf = (dataDir: string): string => join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);

/**
 * Opens the store. A PGlite folder with a live owner (a worker listening on the folder's socket) is reached
 * through that owner — never opened a second time; otherwise this process opens it and becomes its owner.
 */
export async function openDatabase(options: DurableStoreOptions): Promise<DurableDatabase> {
  if (options.databaseUrl !== undefined) return openPostgres({ connectionString: options.databaseUrl });
  if (existsSync(socketFileOf(options.dataDir)) && (await answers(options.dataDir))) {
    return openPostgres({ host: options.dataDir, port: SOCKET_PORT, user: "postgres", database: "postgres" });
  }
  return openPglite(options.dataDir);
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
    async exec(text) {
      await pool.query(text);
    },
    bossOptions: { ...connection, max: 4 },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<DurableDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  await mkdir(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  // The owner serves every other process of the folder (a CLI beside a worker) on the folder's socket.
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const server = new PGLiteSocketServer({ db: pglite, path: socketFileOf(dataDir) });
  await rm(socketFileOf(dataDir), { force: true }); // left by an owner that was killed
  await server.start();
  return {
    async query(text, params) {
      const result = await pglite.query(text, params as unknown[] | undefined);
      return result.rows as never[];
    },
    async exec(text) {
      await pglite.exec(text);
    },
    bossOptions: { backend: "pglite", db: fromPglite(pglite) },
    async close() {
      await server.stop();
      await pglite.close();
    },
  };
}
