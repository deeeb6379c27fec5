import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APPROVAL_KEY_FILE, ApprovalKeyError, approvalKeyFor } from "./approval-key.js";

const folder = () => join(mkdtempSync(join(tmpdir(), "keel-approval-key-")), "data");
const EXPLICIT = "e".repeat(40);

describe("approvalKeyFor: which key signs approval decisions", () => {
  it("uses KEEL_APPROVAL_KEY wherever it is set, and makes no file", () => {
    const dataDir = folder();
    expect(approvalKeyFor({ environmentKey: EXPLICIT, store: { kind: "pglite", dataDir } })).toEqual({
      key: EXPLICIT,
      from: "environment",
    });
    expect(approvalKeyFor({ environmentKey: EXPLICIT, store: { kind: "postgres" } }).key).toBe(EXPLICIT);
    expect(() => statSync(join(dataDir, APPROVAL_KEY_FILE))).toThrow();
  });

  it("makes a PGlite folder's own key on first use (mode 0600), and every later call reads the same one", () => {
    const dataDir = folder();
    const first = approvalKeyFor({ environmentKey: undefined, store: { kind: "pglite", dataDir } });
    expect(first).toMatchObject({ from: "data-dir", created: true, file: join(dataDir, APPROVAL_KEY_FILE) });
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, APPROVAL_KEY_FILE)).mode & 0o777).toBe(0o600);
    const second = approvalKeyFor({ environmentKey: undefined, store: { kind: "pglite", dataDir } });
    expect(second).toMatchObject({ key: first.key, created: false });
    expect(readFileSync(join(dataDir, APPROVAL_KEY_FILE), "utf8").trim()).toBe(first.key);
  });

  it("requires an explicit key for PostgreSQL, where several machines decide", () => {
    const attempt = () => approvalKeyFor({ environmentKey: undefined, store: { kind: "postgres" } });
    expect(attempt).toThrow(ApprovalKeyError);
    expect(attempt).toThrow(/set KEEL_APPROVAL_KEY .* the same on each of them/);
  });

  it("refuses a key shorter than 32 bytes, from the environment or from the folder", () => {
    expect(() => approvalKeyFor({ environmentKey: "short", store: { kind: "memory" } })).toThrow(
      /KEEL_APPROVAL_KEY is shorter than 32 bytes/,
    );
    const dataDir = folder();
    approvalKeyFor({ environmentKey: undefined, store: { kind: "pglite", dataDir } });
    writeFileSync(join(dataDir, APPROVAL_KEY_FILE), "tiny\n");
    expect(() => approvalKeyFor({ environmentKey: undefined, store: { kind: "pglite", dataDir } })).toThrow(
      /holds no key of at least 32 bytes/,
    );
  });

  it("gives a memory store, whose held runs die with the process, a key of the process alone", () => {
    const one = approvalKeyFor({ environmentKey: undefined, store: { kind: "memory" } });
    expect(one.from).toBe("process");
    expect(one.key).toHaveLength(64);
  });
});
