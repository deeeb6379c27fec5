import { createSqlBackend } from "@keel/support-desk";
import { afterAll, describe, expect, it } from "vitest";
import { callTool, healthStatus, type ToolCallAnswer } from "../mcp/mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { throwawayDatabase } from "../throwaway-database.js";
import { type FreezablePostgres, freezablePostgres } from "./freeze-postgres.js";

/**
 * A PostgreSQL that stops answering (SIGSTOP on the server, as a frozen VM or host would) must not hang
 * calls for the whole freeze nor turn into a failed hook: keel-mcp answers within its store timeouts with a
 * retryable `transient` error, never "not found", /healthz says 503, and after SIGCONT the same refund
 * retried with its key pays exactly once. Needs a server this process may signal: .ci/postgres.sh starts a
 * second cluster for it (KEEL_FREEZABLE_DATABASE_URL), so freezing it stalls no other test.
 */
const freezableUrl = process.env.KEEL_FREEZABLE_DATABASE_URL;

/** The store gives up after 3 s (statement and connection) or 3.5 s (query); the hooks after 5 s. */
const ANSWER_WITHIN_MS = 8_000;

async function timed(call: () => Promise<ToolCallAnswer>) {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

function expectTransientOutage(answer: ToolCallAnswer): void {
  expect(answer.kind).toBe("result");
  if (answer.kind !== "result") return;
  expect(answer.isError).toBe(true);
  // A store that does not answer in time is a timeout (pg gives up connecting or reading): retry later.
  expect(answer.text).toMatch(/_UPSTREAM_TIMEOUT/);
  expect(answer.text).toMatch(/transient/);
  expect(answer.text).not.toContain("HOOK_FAILED");
  expect(answer.text).not.toMatch(/NOT_FOUND/);
}

if (freezableUrl) {
  describe("keel-mcp over a frozen PostgreSQL (SIGSTOP, then SIGCONT)", () => {
    const database = throwawayDatabase(freezableUrl, "keel_frozen");
    const databaseUrl = database.url;
    let server: McpServerProcess | undefined;
    let postgres: FreezablePostgres | undefined;

    afterAll(async () => {
      postgres?.thaw(); // never leave the cluster stopped, whatever failed
      await server?.stop();
      await database.drop();
    });

    it("answers transient within the store's timeouts, reports 503, and pays once after the thaw", async () => {
      await database.create();
      await (await createSqlBackend({ databaseUrl })).close();
      server = await spawnMcpServer({ databaseUrl });
      postgres = await freezablePostgres(freezableUrl);
      const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 10, reason: "Chipped" };
      const refundOnce = () =>
        callTool(server!.url, "process_refund", refund, { idempotencyKey: "frozen-1" });
      expect(await healthStatus(server.healthUrl)).toBe(200);

      postgres.freeze();
      let during: Awaited<ReturnType<typeof timed>>[];
      let healthDuring: number;
      try {
        [during, healthDuring] = await Promise.all([
          Promise.all([
            timed(refundOnce),
            timed(() => callTool(server!.url, "lookup_order", { order_id: "ORD-1001" })),
          ]),
          healthStatus(server.healthUrl),
        ]);
      } finally {
        postgres.thaw();
      }
      for (const { answer, ms } of during) {
        expectTransientOutage(answer);
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      expect(healthDuring).toBe(503);

      // Thawed: the retried refund (same key) pays, once; the server is healthy again.
      const retried = await refundOnce();
      expect(retried).toMatchObject({ kind: "result", isError: false, structured: { amount: 10 } });
      expect(await refundOnce()).toMatchObject({ kind: "result", structured: { duplicate: true } });
      expect(await healthStatus(server.healthUrl)).toBe(200);
      const backend = await createSqlBackend({ databaseUrl });
      try {
        const refunds = await backend.listRefunds("ORD-1001");
        expect(refunds.kind === "listed" ? refunds.refunds.map((r) => r.amountCents) : []).toEqual([1000]);
      } finally {
        await backend.close();
      }
    });
  });
}
