import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDataDir, DataDirLockedError, DataDirNotADirectoryError, lockDataDir } from "./data-dir-lock.js";
import { createSqlBackend } from "./sql-backend.js";

/** What `call` throws (undefined when it returns). */
function attempt(call: () => unknown): unknown {
  try {
    call();
    return undefined;
  } catch (error) {
    return error;
  }
}

// Inside the vitest run's own temporary folder (vitest.scratch.ts), removed with it.
const scratch = mkdtempSync(join(tmpdir(), "keel-lock-"));

describe("one owner per PGlite data directory", () => {
  it("takes the lock inside the directory, creating it, and releases it", () => {
    const lock = lockDataDir(join(scratch, "a"));
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it("refuses a directory another live process holds, naming it and the way out", () => {
    const dir = join(scratch, "b");
    lockDataDir(dir).release();
    writeFileSync(join(dir, "keel.lock"), String(process.ppid));
    let caught: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      caught = error;
    }
    expect(DataDirLockedError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: "DATA_DIR_LOCKED", holderPid: process.ppid });
    expect(String((caught as Error).message)).toContain("DATABASE_URL");
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = join(scratch, "c");
    lockDataDir(dir).release();
    writeFileSync(join(dir, "keel.lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("refuses a lock being written (empty, just now) without a pid; an empty one left long ago is taken over", () => {
    const dir = join(scratch, "e");
    lockDataDir(dir).release();
    const path = join(dir, "keel.lock");
    writeFileSync(path, "");
    const caught = attempt(() => lockDataDir(dir));
    expect(caught).toMatchObject({ code: "DATA_DIR_LOCKED", holderPid: null });
    expect(String((caught as Error).message)).toContain(
      `The data directory ${dir} is in use by another Keel process. `,
    );
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(path, longAgo, longAgo);
    const lock = lockDataDir(dir);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("lets createSqlBackend open a folder once at a time, in this process too, and frees it on close", async () => {
    const dir = join(scratch, "d");
    const first = await createSqlBackend({ dataDir: dir });
    await expect(createSqlBackend({ dataDir: dir })).rejects.toMatchObject({ code: "DATA_DIR_LOCKED" });
    await first.close();
    const second = await createSqlBackend({ dataDir: dir });
    await second.close();
    expect(existsSync(join(dir, "keel.lock"))).toBe(false);
  });
});

describe("a file where the PGlite data directory should be", () => {
  /** What `call` throws, which must be a DataDirNotADirectoryError. */
  const refusal = (call: () => unknown): DataDirNotADirectoryError => {
    const thrown = attempt(call);
    if (!DataDirNotADirectoryError.isInstance(thrown)) {
      throw new Error(`expected DataDirNotADirectoryError, got ${String(thrown)}`);
    }
    return thrown;
  };

  it("is refused by lockDataDir, naming the directory and the file in the way, for any depth", () => {
    const root = mkdtempSync(join(scratch, "file-"));
    const notes = join(root, "notes.txt");
    writeFileSync(notes, "mine");
    for (const dataDir of [notes, join(notes, "db"), join(notes, "a", "b")]) {
      const error = refusal(() => lockDataDir(dataDir));
      expect(error).toMatchObject({ code: "DATA_DIR_NOT_A_DIRECTORY", dataDir, fileInTheWay: notes });
      expect(DataDirLockedError.isInstance(error)).toBe(false);
      expect(error.message).toContain(`The data directory ${dataDir} cannot be used: `);
      expect(error.message).toContain(dataDir === notes ? "it is a file" : `${notes} is a file`);
      expect(error.message).toContain("--data-dir / KEEL_DATA_DIR");
      expect(error.message).not.toMatch(/EEXIST|ENOTDIR/);
    }
    // Nothing was made or changed.
    expect(readdirSync(root)).toEqual(["notes.txt"]);
    expect(readFileSync(notes, "utf8")).toBe("mine");
  });

  it("is refused by checkDataDir without making anything; a directory, missing or not, passes", () => {
    const root = mkdtempSync(join(scratch, "check-"));
    writeFileSync(join(root, "notes.txt"), "");
    symlinkSync(join(root, "notes.txt"), join(root, "link"));
    expect(refusal(() => checkDataDir(join(root, "link", "db")))).toMatchObject({
      fileInTheWay: join(root, "link"),
    });
    expect(() => checkDataDir(join(root, "missing", "db"))).not.toThrow();
    expect(() => checkDataDir(root)).not.toThrow();
    expect(readdirSync(root).sort()).toEqual(["link", "notes.txt"]);
  });

  it("is a config error from createSqlBackend, never a raw EEXIST or ENOTDIR", async () => {
    const root = mkdtempSync(join(scratch, "open-"));
    writeFileSync(join(root, "notes.txt"), "");
    for (const dataDir of [join(root, "notes.txt"), join(root, "notes.txt", "db")]) {
      await expect(createSqlBackend({ dataDir })).rejects.toMatchObject({
        name: "DataDirNotADirectoryError",
        code: "DATA_DIR_NOT_A_DIRECTORY",
        fileInTheWay: join(root, "notes.txt"),
      });
    }
  });
});
