import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { KeelMcpConfigError } from "./config-error.js";

const LOCK_FILE = "keel-mcp.lock";

/** A held lock; release it after the store is closed. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes `<dataDir>/keel-mcp.lock` (creating the directory; PGlite ignores the extra file). PGlite is a
 * single-process database: two servers on one data directory would corrupt it, so a second server
 * refuses to start while the holder's process is alive. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(path, "wx");
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return { path, release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(path);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new KeelMcpConfigError(
          "DATA_DIR_LOCKED",
          `The data directory ${dataDir} is in use by another keel-mcp (pid ${holder}). PGlite serves one ` +
            "process at a time: stop the other server, use another --data-dir, or share PostgreSQL via DATABASE_URL.",
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new KeelMcpConfigError(
    "DATA_DIR_LOCKED",
    `Could not take the lock ${path}; remove it if no server runs.`,
  );
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
