import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.js";
import { createSqlBackend } from "./sql-backend.js";

const scratch = mkdtempSync(join(tmpdir(), "keel-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
