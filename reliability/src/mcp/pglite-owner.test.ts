import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runKeel as keel } from "../keel-cli.js";
import {
  handoverViolations,
  pgliteOwnerHandover,
  raceThroughPgliteOwner,
  raceViolations,
} from "../store-rules/run-store-rules.js";
import { SPLIT_AND_RACE } from "../store-rules/split-refunds.js";

/**
 * One process owns a PGlite folder, whichever Keel entry point asks (the CLI beside a running keel-mcp
 * lost a ticket before): the second gets a clear error naming the owner and the way out, and the owner's
 * death by kill -9 frees the folder. Real processes, the built binaries.
 */
const scratch = mkdtempSync(join(tmpdir(), "keel-pglite-owner-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("one process owns a PGlite folder", () => {
  it("refuses the CLI beside a running keel-mcp, naming it, and serves the folder after the server is killed", async () => {
    const handover = await pgliteOwnerHandover();
    expect(handoverViolations(handover)).toEqual([]);
    expect(handover.refused.code).not.toBe(0);
    expect(handover.refused.stderr).toContain(`pid ${handover.ownerPid}`);
    expect(handover.refused.stderr).toContain("DATABASE_URL");
    expect(handover.afterKill.code).toBe(0);
    expect(JSON.parse(handover.afterKill.stdout)).toMatchObject({ status: "completed" });
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
