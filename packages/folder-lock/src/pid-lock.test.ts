import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BEING_WRITTEN_MS, isAlive, readHolder, tryLock, waitForLock } from "./pid-lock.js";

// Inside the vitest run's own temporary folder (vitest.scratch.ts), removed with it.
const scratch = mkdtempSync(join(tmpdir(), "keel-folder-lock-"));
/** A fresh folder and the lock file's path in it. */
const lockPath = () => {
  const dir = mkdtempSync(join(scratch, "f-"));
  return { dir, path: join(dir, "test.lock") };
};
/** A pid no process has: one that just exited. */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid as number;
/** Sets a file's modification time `ms` in the past. */
const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
};
/** The `generation` tryLock's guard files are named by (dev-ino-mtimeNs). */
const generationOf = (file: string) => {
  const stat = statSync(file, { bigint: true });
  return `${stat.dev}-${stat.ino}-${stat.mtimeNs}`;
};

describe("tryLock", () => {
  it("creates the lock with this process's pid and leaves nothing else; release removes it, twice is fine", () => {
    const { dir, path } = lockPath();
    const attempt = tryLock(path);
    if (!attempt.acquired) throw new Error("expected the lock");
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(["test.lock"]);
    expect(readHolder(path)).toEqual({ pid: process.pid, alive: true });
    attempt.lock.release();
    attempt.lock.release();
    expect(readdirSync(dir)).toEqual([]);
    expect(readHolder(path)).toBeUndefined();
  });

  it("creates it with the given mode", () => {
    const { path } = lockPath();
    const attempt = tryLock(path, { mode: 0o600 });
    expect(attempt.acquired).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("does not take a lock a live process holds, this one included, and leaves it as it was", () => {
    const { dir, path } = lockPath();
    writeFileSync(path, String(process.ppid));
    expect(tryLock(path)).toEqual({ acquired: false, holder: { pid: process.ppid, alive: true } });
    expect(readFileSync(path, "utf8")).toBe(String(process.ppid));
    rmSync(path);
    expect(tryLock(path).acquired).toBe(true);
    expect(tryLock(path)).toEqual({ acquired: false, holder: { pid: process.pid, alive: true } });
    expect(readdirSync(dir)).toEqual(["test.lock"]);
  });

  it("takes over a lock whose holder is dead", () => {
    const { dir, path } = lockPath();
    const dead = deadPid();
    writeFileSync(path, `${dead}\n`);
    expect(readHolder(path)).toEqual({ pid: dead, alive: false });
    const attempt = tryLock(path);
    expect(attempt.acquired).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(["test.lock"]);
  });

  it("counts a lock naming no pid as being written while it is young, and as stale once it is old", () => {
    for (const content of ["", "not a pid", "-4", "12abc"]) {
      const { path } = lockPath();
      writeFileSync(path, content);
      expect(readHolder(path)).toEqual({ pid: null, alive: true });
      expect(tryLock(path)).toEqual({ acquired: false, holder: { pid: null, alive: true } });
      expect(readFileSync(path, "utf8")).toBe(content);
      age(path, BEING_WRITTEN_MS + 1_000);
      expect(readHolder(path)).toEqual({ pid: null, alive: false });
      expect(tryLock(path).acquired).toBe(true);
      expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    }
  });

  it("releases only its own lock: a lock that replaced it stays", () => {
    const { path } = lockPath();
    const attempt = tryLock(path);
    if (!attempt.acquired) throw new Error("expected the lock");
    rmSync(path);
    writeFileSync(path, String(process.ppid));
    attempt.lock.release();
    expect(readFileSync(path, "utf8")).toBe(String(process.ppid));
  });

  it("goes past the guard of a taker that died halfway through a takeover, and removes it", () => {
    const { dir, path } = lockPath();
    writeFileSync(path, String(deadPid()));
    const guard = `${path}.takeover-${generationOf(path)}-1`;
    writeFileSync(guard, String(deadPid()));
    expect(tryLock(path).acquired).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(["test.lock"]);
  });

  it("leaves a stale lock to a live process that is taking it over, and names that process", () => {
    const { path } = lockPath();
    const dead = String(deadPid());
    writeFileSync(path, dead);
    writeFileSync(`${path}.takeover-${generationOf(path)}-1`, String(process.ppid));
    expect(tryLock(path)).toEqual({ acquired: false, holder: { pid: process.ppid, alive: true } });
    expect(readFileSync(path, "utf8")).toBe(dead);
  });

  it("throws what is not contention: a missing folder", () => {
    const { dir } = lockPath();
    expect(() => tryLock(join(dir, "missing", "test.lock"))).toThrow(/ENOENT/);
  });
});

describe("waitForLock", () => {
  it("gets the lock once its holder releases it", async () => {
    const { path } = lockPath();
    // A real holder: another process holds the lock file, then removes it and lives on a little.
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(path)}, String(process.pid));
         console.log("held"); setTimeout(() => { fs.rmSync(${JSON.stringify(path)}); }, 400); setTimeout(() => {}, 1500);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => holder.stdout.once("data", resolve));
    expect(readHolder(path)).toEqual({ pid: holder.pid, alive: true });
    const attempt = await waitForLock(path, { timeoutMs: 10_000, pollMs: 20 });
    expect(attempt.acquired).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    holder.kill();
  });

  it("gives up after the timeout, naming the live holder", async () => {
    const { path } = lockPath();
    writeFileSync(path, String(process.ppid));
    const started = Date.now();
    const attempt = await waitForLock(path, { timeoutMs: 300, pollMs: 20 });
    expect(attempt).toEqual({ acquired: false, holder: { pid: process.ppid, alive: true } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});

describe("isAlive", () => {
  it("is true for a live process and false for a dead one or no pid", () => {
    expect(isAlive(process.pid)).toBe(true);
    expect(isAlive(process.ppid)).toBe(true);
    expect(isAlive(deadPid())).toBe(false);
    for (const pid of [0, -1, Number.NaN, 1.5]) expect(isAlive(pid)).toBe(false);
  });
});
