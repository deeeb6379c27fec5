import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runKeel as keel } from "../keel-cli.js";
import { raceThroughPgliteOwner, raceViolations } from "../store-rules/run-store-rules.js";
import { SPLIT_AND_RACE } from "../store-rules/split-refunds.js";
import { spawnMcpServer } from "./mcp-server-process.js";

/**
 * One process owns a PGlite folder, whichever Keel entry point asks (the CLI beside a running keel-mcp
 * lost a ticket before): the second gets a clear error naming the owner and the way out, and the owner's
 * death by kill -9 frees the folder. Real processes, the built binaries.
 */
const scratch = mkdtempSync(join(tmpdir(), "keel-pglite-owner-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("one process owns a PGlite folder", () => {
  it("refuses the CLI beside a running keel-mcp, naming it, and serves the folder after the server is killed", async () => {
    const dataDir = join(scratch, "shared");
    const server = await spawnMcpServer({ dataDir });
    const tickets = await keel(["tickets", "--data-dir", dataDir]);
    expect(tickets.code).not.toBe(0);
    expect(tickets.stderr).toContain(`pid ${server.pid}`);
    expect(tickets.stderr).toContain("DATABASE_URL");
    const run = await keel([
      "run",
      "--scenario",
      "high-value-refund",
      "--backend",
      "sql",
      "--data-dir",
      dataDir,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("in use by another Keel process");

    await server.kill(); // SIGKILL: no cleanup, the lock file stays behind
    const after = await keel([
      "run",
      "--scenario",
      "high-value-refund",
      "--backend",
      "sql",
      "--data-dir",
      dataDir,
      "--json",
    ]);
    expect(after.code).toBe(0);
    const listed = await keel(["tickets", "--data-dir", dataDir, "--json"]);
    expect(listed.code).toBe(0);
    expect(
      JSON.parse(listed.stdout).tickets.map((ticket: { category: string }) => ticket.category),
    ).toContain("refund_over_limit");
  });

  it("pays at most $500 of one order automatically when refunds are split and raced through the owner", async () => {
    const race = await raceThroughPgliteOwner();
    expect(raceViolations(race)).toEqual([]);
    expect(race).toMatchObject({
      paidCents: SPLIT_AND_RACE.expectedPaidCents,
      tickets: SPLIT_AND_RACE.expectedTickets,
    });
  });

  it("lists no tickets for a folder with no store, and creates nothing", async () => {
    const empty = join(scratch, "never-created");
    const listed = await keel(["tickets", "--data-dir", empty]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("no tickets");
    expect(existsSync(empty)).toBe(false);
  });
});
