import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { KeelConfigError } from "@keel/errors";
import { makeFolder, tryLock } from "@keel/folder-lock/internal";

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
 * that died (kill -9) is taken over (`@keel/folder-lock`: one process wins when several try at once). A file
 * where the directory should be is DataDirNotADirectoryError.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  checkDataDir(dataDir);
  makeFolder(dataDir);
  // This process too holds it against a second open: two PGlite instances on one folder lose data just the same.
  const attempt = tryLock(join(dataDir, LOCK_FILE));
  if (!attempt.acquired) throw new DataDirLockedError(dataDir, attempt.holder.pid);
  return attempt.lock;
}
