import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeFolder } from "./make-folder.js";

let dir = "";
afterEach(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("makeFolder", () => {
  it("makes every missing level, gives the mode to the last one only, and is a no-op the second time", () => {
    dir = mkdtempSync(join(tmpdir(), "keel-folder-"));
    const path = join(dir, "a", "b", "c");
    makeFolder(path, { mode: 0o700 });
    expect(statSync(path).isDirectory()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "a")).mode & 0o777).not.toBe(0o700);
    makeFolder(path, { mode: 0o700 });
    makeFolder(`${path}/`);
  });

  it("names the file in the way", () => {
    dir = mkdtempSync(join(tmpdir(), "keel-folder-"));
    writeFileSync(join(dir, "notes.txt"), "x");
    expect(() => makeFolder(join(dir, "notes.txt", "db"))).toThrow(
      `the folder ${join(dir, "notes.txt", "db")} cannot be created (ENOTDIR: a file is in the way)`,
    );
  });
});
