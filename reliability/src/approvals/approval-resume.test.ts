import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { runApprovalResume } from "./run-approval-resume.js";

/**
 * The resume soak in its small size (`pnpm soak` runs the full one): held refunds approved concurrently by
 * several `keel` processes per ticket over one PostgreSQL, some killed mid-run, then approved once more.
 */
const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  describe("approvals resumed from several processes over one PostgreSQL", () => {
    it("pays every held refund exactly once and completes every conversation", async () => {
      const sizes = readSizes("small");
      const report = await runApprovalResume({
        databaseUrl,
        heldRuns: sizes.approvalRuns,
        racersPerTicket: sizes.approvalRacers,
        concurrency: 4,
      });
      expect(report.violations).toEqual([]);
      expect(report).toMatchObject({
        refundsPaid: sizes.approvalRuns,
        doublePayments: 0,
        lostApprovals: 0,
        unanswered: 0,
      });
      expect(report.processes).toBe(sizes.approvalRuns * (sizes.approvalRacers + 1));
    });
  });
}
