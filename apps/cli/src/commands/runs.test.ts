import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { helpFragments, helpText, runCli, temporaryDirectory } from "../cli.test-helpers.js";
import { sameStore } from "../run/open-backend.js";

describe("keel runs on a folder with no store", () => {
  it("says so and creates nothing: list exits 0, show/wait/cancel exit 1 (one JSON object with --json)", async () => {
    const cwd = temporaryDirectory();
    const listed = await runCli(["runs", "--data-dir", "missing"], { cwd });
    expect(listed).toMatchObject({ code: 0, stdout: expect.stringContaining("No store in") });
    expect(existsSync(join(cwd, "missing"))).toBe(false);
    for (const action of ["show", "wait", "cancel"]) {
      const one = await runCli(["runs", action, "abc", "--data-dir", "typo", "--json"], { cwd });
      expect(one.code).toBe(1);
      expect(JSON.parse(one.stdout)).toMatchObject({ error: { kind: "not_found" } });
      expect(one.stderr).toContain("no store in");
    }
    expect(existsSync(join(cwd, "typo"))).toBe(false);
  });

  it("a folder that cannot be created (under /proc) answers at once instead of hanging", async () => {
    const listed = await runCli(["runs", "--data-dir", "/proc/keel-nope"]);
    expect(listed.code).toBe(0);
  });
});

describe("keel runs when the PostgreSQL store cannot be opened", () => {
  it.each([
    ["a malformed URL", "notaurl", "not a URL"],
    ["a refused port", "postgres://keel:s3cret@127.0.0.1:1/keel", "ECONNREFUSED"],
  ])("%s: exit 4, says which store, never the password, one JSON object", async (_name, url, says) => {
    const shown = await runCli(["runs", "show", "abc", "--json"], { env: { DATABASE_URL: url } });
    expect(shown.code).toBe(4);
    expect(shown.stderr).toContain("cannot open the PostgreSQL store (DATABASE_URL)");
    expect(shown.stderr).toContain(says);
    expect(shown.stderr + shown.stdout).not.toContain("s3cret");
    expect(JSON.parse(shown.stdout)).toMatchObject({ error: { kind: "store_unavailable" } });
  });
});

describe("keel runs, store options and messages", () => {
  it("names --database-url, not DATABASE_URL, when the URL came from the flag (never its password)", async () => {
    const url = "postgres://keel:s3cret@127.0.0.1:1/keel";
    const shown = await runCli(["runs", "show", "abc", "--database-url", url]);
    expect(shown.code).toBe(4);
    expect(shown.stderr).toContain("cannot open the PostgreSQL store (--database-url)");
    expect(shown.stderr).not.toContain("s3cret");
  });

  it("hints repeat --data-dir as one shell word, and never a database URL", () => {
    expect(sameStore({ "data-dir": ".keel-data" })).toEqual({ options: " --data-dir .keel-data", note: "" });
    expect(sameStore({ "data-dir": "my data/it's" }).options).toBe(" --data-dir 'my data/it'\\''s'");
    const url = sameStore({ "database-url": "postgres://keel:s3cret@db/keel" });
    expect(`${url.options}${url.note}`).toBe(" (with the same --database-url)");
    expect(sameStore({})).toEqual({ options: "", note: "" });
  });

  it("--help documents --limit and which errors are JSON", async () => {
    const help = await helpText("runs");
    for (const fragment of helpFragments("runs")) expect(help).toContain(fragment);
  });
});

describe("keel runs cancel", () => {
  it("of a run already cancelled exits 0 again; the help says so", async () => {
    const cwd = temporaryDirectory();
    const data = ["--data-dir", join(cwd, "data")];
    const queued = await runCli(["run", "--scenario", "low-value-refund", "--enqueue", ...data], { cwd });
    const runId = queued.stdout.trim();
    expect((await runCli(["runs", "cancel", runId, ...data], { cwd })).code).toBe(0);
    expect((await runCli(["runs", "cancel", runId, ...data], { cwd })).code).toBe(0);
    expect(await helpText("runs", { cwd })).toContain("or of one already cancelled");
  }, 60_000);
});
