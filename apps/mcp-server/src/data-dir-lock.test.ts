import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock.js";

const scratch = mkdtempSync(join(tmpdir(), "keel-mcp-lock-"));
const lockPath = join(scratch, "data", "keel-mcp.lock");
afterEach(() => rmSync(lockPath, { force: true }));

describe("lockDataDir", () => {
  it("takes the lock inside the directory, creating it, and releases it", () => {
    const lock = lockDataDir(join(scratch, "data"));
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it("refuses a directory another live process holds", () => {
    lockDataDir(join(scratch, "data")); // creates the directory
    writeFileSync(lockPath, String(process.ppid));
    expect(() => lockDataDir(join(scratch, "data"))).toThrow(/in use by another keel-mcp/);
  });

  it("takes over a lock left by a process that is gone", () => {
    lockDataDir(join(scratch, "data"));
    writeFileSync(lockPath, "999999999");
    const lock = lockDataDir(join(scratch, "data"));
    expect(readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
  });
});
