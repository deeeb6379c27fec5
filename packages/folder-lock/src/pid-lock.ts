import { randomBytes } from "node:crypto";
import { closeSync, fstatSync, linkSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";

/**
 * A pid lock file: one file whose content is the holder's process id. Whoever creates it holds it; a lock whose
 * holder process is dead is stale, and the next process takes it over.
 *
 * Creating: the pid is written to a temporary file beside the lock, which is then hard-linked to the lock's name.
 * `link` fails with EEXIST when the name exists, and the lock appears with its whole content at once, so no
 * reader ever sees a half-written lock made here. (On a file system without hard links, the lock is created
 * with `O_EXCL` and written after; a reader that finds it empty treats it as being written, see `readHolder`.)
 *
 * Taking over a stale lock: removing it and creating a new one (`rm`, then create) is a race. Processes A and B
 * both read the same dead holder; A removes the stale file and creates its own; B, a moment later, removes A's
 * fresh lock and creates its own: two holders. POSIX has no "remove this name only if it is still that file",
 * so the removal of one stale lock is itself put under an exclusive guard file (see `takeOver`).
 */

/** A held lock. */
export interface PidLock {
  /** The lock file. */
  readonly path: string;
  /** Removes the lock file if it is still this process's lock (idempotent; never removes another's). */
  release(): void;
}

/** Who holds a lock file. */
export interface LockHolder {
  /**
   * The process id the file names; `null` when it names none (an empty file: one being written by a writer
   * that creates before it writes, or left so by a crash; or content that is not a pid).
   */
  readonly pid: number | null;
  /**
   * Whether the holder counts as alive: a pid that signal 0 reaches (EPERM too: a live process of another
   * user; this process too), or a file naming no pid that was modified less than `BEING_WRITTEN_MS` ago.
   */
  readonly alive: boolean;
}

/** The outcome of one attempt: the lock, or who holds it. */
export type LockAttempt =
  | { readonly acquired: true; readonly lock: PidLock }
  | { readonly acquired: false; readonly holder: LockHolder };

/** How a lock file is created. */
export interface LockOptions {
  /** The lock file's permission bits (before the umask), 0o666 by default. */
  readonly mode?: number | undefined;
}

/** How long `waitForLock` tries. */
export interface WaitOptions extends LockOptions {
  /** After this many milliseconds without the lock, the last attempt is returned. */
  readonly timeoutMs: number;
  /** The pause between attempts, 50 ms by default. */
  readonly pollMs?: number | undefined;
}

/**
 * A lock file naming no pid is taken to be being written for this long after its last modification; after
 * that, it was left by a process that died between creating and writing it, and is stale.
 */
export const BEING_WRITTEN_MS = 5_000;

/** How long `tryLock` waits for another live process that is taking over the same stale lock. */
const TAKEOVER_PATIENCE_MS = 2_000;

/** Whether process `pid` exists: signal 0 reaches it, or reaching it is not permitted (EPERM). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Who holds the lock file at `path`; `undefined` when there is none. */
export function readHolder(path: string): LockHolder | undefined {
  const seen = inspect(path);
  return seen === undefined ? undefined : { pid: seen.pid, alive: seen.alive };
}

/**
 * One attempt at the lock file `path` (its folder must exist): creates it with this process's pid, or takes it
 * over when its holder is dead; otherwise says who holds it. A lock this very process holds is held (not
 * acquired again). Errors other than "it exists" (a missing folder, no permission) are thrown.
 */
export function tryLock(path: string, options: LockOptions = {}): LockAttempt {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temp, String(process.pid), { flag: "wx", mode: options.mode ?? 0o666 });
  try {
    const patience = Date.now() + TAKEOVER_PATIENCE_MS;
    for (;;) {
      if (createFrom(temp, path)) return { acquired: true, lock: heldLock(path) };
      const seen = inspect(path);
      if (seen === undefined) continue; // released in between: try again
      if (seen.alive) return { acquired: false, holder: { pid: seen.pid, alive: true } };
      const taker = takeOver(path, seen.generation, temp);
      if (taker === undefined) continue; // the stale lock is gone: try to create ours
      // Another live process is taking this stale lock over; it is a few system calls from done.
      if (Date.now() > patience) return { acquired: false, holder: taker };
      sleepSync(5);
    }
  } finally {
    removeIfThere(temp);
  }
}

/**
 * `tryLock` every `pollMs` until it acquires the lock or `timeoutMs` has passed; then the last attempt, which
 * names the holder.
 */
export async function waitForLock(path: string, options: WaitOptions): Promise<LockAttempt> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const attempt = tryLock(path, options);
    if (attempt.acquired || Date.now() >= deadline) return attempt;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
}

/** A lock file as read: its holder and which file it is. */
interface Seen extends LockHolder {
  /** The file's identity: inode and modification time. A name that holds another generation is another file. */
  readonly generation: string;
}

/** Reads the lock file at `path` through one descriptor, so pid and identity are of the same file. */
function inspect(path: string): Seen | undefined {
  const descriptor = unlessMissing(() => openSync(path, "r"));
  if (descriptor === undefined) return undefined;
  try {
    const stat = fstatSync(descriptor, { bigint: true });
    const text = readFileSync(descriptor, "utf8").trim();
    const pid = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
    const named = Number.isSafeInteger(pid) && pid > 0 ? pid : null;
    const alive = named === null ? Date.now() - Number(stat.mtimeMs) < BEING_WRITTEN_MS : isAlive(named);
    return { pid: named, alive, generation: `${stat.dev}-${stat.ino}-${stat.mtimeNs}` };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Removes the stale lock at `path` if it is still `generation`, as at most one live process at a time does.
 * Returns `undefined` when that generation is no longer at `path` (removed here or by another process: the
 * caller tries to create its lock again), or the other live process that is removing it now.
 *
 * Why this is safe (Linux, any POSIX file system with hard links): the removal of generation G is guarded by
 * guard files `<lock>.takeover-<G>-<k>`, k = 1, 2, ..., each created exclusively (`createFrom`) with its
 * creator's pid. A process removes G only while it holds guard k and the holders of guards 1..k-1 are dead (a
 * process that died halfway through a takeover leaves its guard; the next one moves on to k+1). Dead processes
 * stay dead, and two live processes cannot both create guard k, so at most one live process removes G at a
 * time. It first checks, through its guard, that the name still holds G; from that check to its `unlink` the
 * name cannot change: G's holder is dead, so it does not release it; any other remover of G would need the
 * guard; and nobody creates a lock where one exists. So the `unlink` removes G and never a fresh lock made by
 * another process. A process that read G long ago and gets a guard only after G is gone finds another
 * generation (or none) under the name and removes nothing. (A generation is inode and nanosecond mtime: lock
 * files are never written after they appear, and an inode reused for a new lock has a new mtime.)
 */
function takeOver(path: string, generation: string, temp: string): LockHolder | undefined {
  const deadTakers: string[] = [];
  for (let k = 1; ; k += 1) {
    const guard = `${path}.takeover-${generation}-${k}`;
    if (createFrom(temp, guard)) {
      try {
        if (inspect(path)?.generation === generation) removeIfThere(path);
      } finally {
        removeIfThere(guard);
      }
      // The generation is gone from the name for good: the guards of takers that died on it mean nothing now.
      for (const left of deadTakers) removeIfThere(left);
      return undefined;
    }
    const taker = inspect(guard);
    if (taker === undefined) return undefined; // that takeover just finished: look at the lock again
    if (taker.alive) return { pid: taker.pid, alive: true };
    deadTakers.push(guard);
  }
}

/** Creates `target` as a hard link to the written `temp`: false when `target` exists. */
function createFrom(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
  }
  // No hard links on this file system: create exclusively, then write (readers see it empty for a moment).
  try {
    writeFileSync(target, readFileSync(temp), { flag: "wx", mode: fstatMode(temp) });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function fstatMode(file: string): number {
  const descriptor = openSync(file, "r");
  try {
    return fstatSync(descriptor).mode & 0o777;
  } finally {
    closeSync(descriptor);
  }
}

/** The lock this process just created at `path`; its release removes only that file. */
function heldLock(path: string): PidLock {
  const mine = inspect(path)?.generation;
  return {
    path,
    release() {
      // This process's own lock cannot be taken over while it lives, so nothing replaces it in between.
      if (mine !== undefined && inspect(path)?.generation === mine) removeIfThere(path);
    },
  };
}

const removeIfThere = (path: string): void => unlessMissing(() => unlinkSync(path));

/** What `touch` returns, or `undefined` when the file it touches does not exist (ENOENT). */
function unlessMissing<T>(touch: () => T): T | undefined {
  try {
    return touch();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms` (the lock is taken synchronously; the wait is a few milliseconds at most). */
const sleepSync = (ms: number) => void Atomics.wait(pause, 0, 0, ms);
