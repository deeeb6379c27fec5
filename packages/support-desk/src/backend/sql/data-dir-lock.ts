import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
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

/**
 * A file is where the PGlite data directory, or one of its parents, should be (`--data-dir notes.txt`,
 * `--data-dir notes.txt/db`): point the store at a directory, or move the file.
 */
export class DataDirNotADirectoryError extends KeelConfigError<"DATA_DIR_NOT_A_DIRECTORY"> {
  static override readonly errorName = "DataDirNotADirectoryError";
  /** The data directory as it was given. */
  readonly dataDir: string;
  /** The file in the way: `dataDir` itself or the nearest of its parents that exists. */
  readonly fileInTheWay: string;

  constructor(dataDir: string, fileInTheWay: string) {
    super(
      "DATA_DIR_NOT_A_DIRECTORY",
      `The data directory ${dataDir} cannot be used: ${
        fileInTheWay === dataDir ? "it is a file" : `${fileInTheWay} is a file`
      }, not a directory (PGlite keeps its store in a directory). Point --data-dir / KEEL_DATA_DIR at a ` +
        "directory (a missing one is made), or move the file.",
    );
    this.dataDir = dataDir;
    this.fileInTheWay = fileInTheWay;
  }
}

/**
 * Throws DataDirNotADirectoryError when a file (anything but a directory) is where `dataDir` or one of its
 * parents should be; makes nothing. `lockDataDir` checks this itself; a command line calls it to refuse such
 * a directory before anything runs.
 */
export function checkDataDir(dataDir: string): void {
  for (let current = dataDir; ; current = dirname(current)) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(current).isDirectory();
    } catch {
      // Missing (or ENOTDIR under a file): the walk up finds what is there.
      if (dirname(current) === current) return;
      continue;
    }
    if (!isDirectory) throw new DataDirNotADirectoryError(dataDir, current);
    return;
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
 * that died (kill -9) is taken over. A file where the directory should be is DataDirNotADirectoryError.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  checkDataDir(dataDir);
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
