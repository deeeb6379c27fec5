import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { runCrashSafety } from "./run-crash-safety.js";

const sizes = readSizes("small");

describe("crash safety of the MCP server on PGlite", () => {
  it("keeps the ledger consistent across SIGKILL and restart with refunds in flight", async () => {
    const report = await runCrashSafety({ cycles: sizes.crashCycles, clients: sizes.crashClients });
    expect(report.violations).toEqual([]);
    expect(report.acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(report.unanswered).toBeGreaterThan(report.abandonedByClient);
    expect(report.ledgerRefunds).toBe(
      report.acknowledgedBeforeKill + report.unansweredPaidOnRetry + report.unansweredCommitted,
    );
  });
});
