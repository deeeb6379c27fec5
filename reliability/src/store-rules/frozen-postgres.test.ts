import { describe, expect, it } from "vitest";
import { FROZEN_ANSWER_WITHIN_MS, freezeDuringCalls, freezeViolations } from "./run-store-rules.js";

/**
 * A PostgreSQL that stops answering (SIGSTOP on the server, as a frozen VM or host would) must not hang
 * calls for the whole freeze nor turn into a failed hook: keel-mcp answers within its store timeouts with a
 * retryable `transient` timeout, never "not found", /healthz says 503, and after SIGCONT the same refund
 * retried with its key pays exactly once. Needs a server this process may signal: .ci/postgres.sh starts a
 * second cluster for it (KEEL_FREEZABLE_DATABASE_URL), so freezing it stalls no other test.
 */
const freezableUrl = process.env.KEEL_FREEZABLE_DATABASE_URL;

if (freezableUrl) {
  describe("keel-mcp over a frozen PostgreSQL (SIGSTOP, then SIGCONT)", () => {
    it("answers transient within the store's timeouts, reports 503, and pays once after the thaw", async () => {
      const freeze = await freezeDuringCalls(freezableUrl);
      expect(freezeViolations(freeze)).toEqual([]);
      for (const { answer, ms } of freeze.during) {
        expect(answer).toMatchObject({ kind: "result", isError: true });
        expect(answer.kind === "result" ? answer.text : "").toMatch(
          /_UPSTREAM_TIMEOUT \(category: transient/,
        );
        expect(ms).toBeLessThan(FROZEN_ANSWER_WITHIN_MS);
      }
      expect(freeze.healthDuring).toBe(503);
      expect(freeze.retriedAfterThaw).toMatchObject({ isError: false, structured: { amount: 10 } });
      expect(freeze.repeatedAfterThaw).toMatchObject({ structured: { duplicate: true } });
      expect(freeze.paidCents).toEqual([1000]);
    });
  });
}
