import { join } from "node:path";
import { makeFolder, waitForLock } from "@keel/folder-lock/internal";
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
  makeFolder(dataDir, { mode: 0o700 });
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

/**
 * Runs `work` holding `<dataDir>/credentials.lock` (`@keel/folder-lock`): waits up to 15 s for another keel
 * process to finish with the folder; a lock whose process is gone is taken over.
 */
async function withFolderLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const path = join(dataDir, "credentials.lock");
  const attempt = await waitForLock(path, { timeoutMs: LOCK_WAIT_MS, pollMs: 50, mode: 0o600 });
  if (!attempt.acquired)
    throw new Error(`${dataDir} is busy: another keel process holds ${path} for longer than 15 s`);
  try {
    return await work();
  } finally {
    attempt.lock.release();
  }
}
