import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderKey } from "./folder-key.js";

let dir = "";
afterEach(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
  dir = "";
});

const options = {
  minBytes: 32,
  tooShort: (file: string, size: number) => new Error(`${file} holds ${size} bytes`),
  dirMode: 0o700,
};

describe("folderKey", () => {
  it("makes the folder and a 0600 key once, then reads the same key", () => {
    dir = mkdtempSync(join(tmpdir(), "keel-key-"));
    const folder = join(dir, "state", "keys");
    const file = join(folder, "key");
    const first = folderKey(folder, file, options);
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(folderKey(folder, file, options)).toEqual({ key: first.key, created: false });
  });

  it("never guesses a key: a file too short throws what the caller says", () => {
    dir = mkdtempSync(join(tmpdir(), "keel-key-"));
    const file = join(dir, "key");
    writeFileSync(file, "short\n");
    expect(() => folderKey(dir, file, options)).toThrow(`${file} holds 6 bytes`);
  });
});
