import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { KeelConfigError } from "@keel/errors";

const LOCK_FILE = "keel.lock";

/** Another live process owns the PGlite data directory: stop it, use another directory, or use PostgreSQL. */
export class DataDirLockedError extends KeelConfigError<"DATA_DIR_LOCKED"> {
  static override readonly errorName = "DataDirLockedError";
  /** The process that holds the directory, when the lock names one. */
  readonly holderPid: number | null;

  constructor(dataDir: string, holderPid: number | null) {
    super(
      "DATA_DIR_LOCKED",
      `The data directory ${dataDir} is in use by another Keel process${holderPid === null ? "" : ` (pid ${holderPid})`}. ` +
        "Embedded PGlite serves one process at a time, and two on one folder lose data. Stop that process, " +
        "point this one at another directory (--data-dir / KEEL_DATA_DIR), or share one PostgreSQL through " +
        "DATABASE_URL.",
    );
    this.holderPid = holderPid;
  }
}

/** A held lock; release it after the database is closed. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes `<dataDir>/keel.lock` (creating the directory; PGlite ignores the extra file) for this process.
 * Every Keel entry point opens a PGlite folder through `createSqlBackend`, which takes this lock first, so
 * one process owns a folder; a second gets DataDirLockedError naming the owner. A lock left by a process
 * that died (kill -9) is taken over.
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
      // This process too: two PGlite instances on one folder lose data just the same.
      if (holder !== null && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, readHolder(path));
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
