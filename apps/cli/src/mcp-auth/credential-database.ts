import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { CredentialsLocation } from "./credential-key.js";

/** The one table MCP credentials live in; `sealed` is AES-256-GCM ciphertext (sealed-json.ts). */
const SCHEMA = `CREATE TABLE IF NOT EXISTS keel_mcp_credentials (
  server TEXT PRIMARY KEY,
  sealed TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

type Row = Record<string, unknown>;

/** Runs statements against the credentials database; `close` ends it. */
export interface CredentialDatabase {
  run(sql: string, params?: readonly unknown[]): Promise<readonly Row[]>;
  close(): Promise<void>;
}

/**
 * PostgreSQL: one small pool for the process. PGlite: opened for each statement under a lock file and
 * closed again, so several `keel` processes (two runs, a run and a login) share the folder one at a time
 * instead of two PGlite instances corrupting it; credentials are read once per run, so this costs little.
 */
export async function openCredentialDatabase(location: CredentialsLocation): Promise<CredentialDatabase> {
  if (location.kind === "postgres") {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 2 });
    await pool.query(SCHEMA);
    return {
      run: async (sql, params = []) => (await pool.query(sql, [...params])).rows as Row[],
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { dataDir } = location;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let migrated = false;
  return {
    run: (sql, params = []) =>
      withFolderLock(dataDir, async () => {
        const database = await PGlite.create(join(dataDir, "pgdata"));
        try {
          if (!migrated) await database.exec(SCHEMA);
          migrated = true;
          return (await database.query<Row>(sql, [...params])).rows;
        } finally {
          await database.close();
        }
      }),
    close: async () => {},
  };
}

const LOCK_WAIT_MS = 15_000;

async function withFolderLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const path = join(dataDir, "credentials.lock");
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const descriptor = openSync(path, "wx", 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!holderAlive(path)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`${dataDir} is busy: another keel process holds ${path} for longer than 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}

function holderAlive(path: string): boolean {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // A file being written right now reads empty: the holder is alive. EPERM: a live process of another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
