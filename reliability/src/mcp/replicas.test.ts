import { createSqlBackend } from "@keel/support-desk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyReuseViolations, raceOnReplicas, raceViolations } from "../store-rules/run-store-rules.js";
import { SPLIT_AND_RACE } from "../store-rules/split-refunds.js";
import { throwawayDatabase } from "../throwaway-database.js";
import { callTool } from "./mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "./mcp-server-process.js";

/**
 * The $500 rule and idempotency keys hold across replicas: three `keel-mcp --http` processes over one
 * PostgreSQL database, each call stateless (no run history, so the hook cannot add refunds up), refunds
 * split and raced across them. The store's transaction is the guarantee. Registered when DATABASE_URL is
 * set (CI starts PostgreSQL); a fresh database per run, dropped afterwards.
 */
const adminUrl = process.env.DATABASE_URL;

if (adminUrl) {
  describe("keel-mcp replicas over one PostgreSQL", () => {
    const database = throwawayDatabase(adminUrl, "keel_replicas");
    const databaseUrl = database.url;
    const servers: McpServerProcess[] = [];

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    });

    beforeAll(async () => {
      await database.create();
      // Migrate and seed once, before the replicas race to do it.
      await (await createSqlBackend({ databaseUrl })).close();
      // Two replicas for the conversation test (the race starts its own three, as `pnpm soak` does).
      for (let index = 0; index < 2; index += 1) servers.push(await spawnMcpServer({ databaseUrl }));
    });

    it("pays at most $500 of one order automatically, however the refunds are split and raced; every excess is a ticket; a reused key pays nothing", async () => {
      // Its own database and replicas: the same run `pnpm soak` reports.
      const race = await raceOnReplicas(adminUrl, 3);
      expect(raceViolations(race)).toEqual([]);
      expect(race.answers[0]).toMatchObject({ isError: false, structured: { duplicate: false } });
      expect(race.answers[1]).toMatchObject({ isError: false, structured: { refunded: false } });
      expect(race).toMatchObject({
        paidCents: SPLIT_AND_RACE.expectedPaidCents,
        tickets: SPLIT_AND_RACE.expectedTickets,
      });
      // A key paid on one replica and reused with another amount on another: refused, nothing more paid.
      expect(keyReuseViolations(race)).toEqual([]);
      expect(race.keyReuse?.reused).toMatchObject({ kind: "result", isError: true });
      expect(race.keyReuse?.paidCents).toEqual([1000]);
    });

    it("keeps a conversation across replicas: verified on one, refunded on another; an unverified one is refused", async () => {
      const extra = await spawnMcpServer({ databaseUrl, extraArgs: ["--require-conversation"] });
      servers.push(extra);
      const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 5, reason: "Chipped" };
      const lookup = await callTool(
        servers[0]!.url,
        "get_customer_by_email",
        { email: "alice@example.com" },
        {
          conversationId: "conv-verified",
        },
      );
      expect(lookup).toMatchObject({ kind: "result", isError: false });
      const verified = await callTool(extra.url, "process_refund", refund, {
        conversationId: "conv-verified",
        idempotencyKey: "conv-1",
      });
      expect(verified).toMatchObject({ kind: "result", isError: false });
      const unverified = await callTool(servers[1]!.url, "process_refund", refund, {
        conversationId: "conv-new",
        idempotencyKey: "conv-2",
      });
      expect(unverified.kind === "result" ? unverified.text : "").toContain("CUSTOMER_NOT_VERIFIED");
      const outside = await callTool(extra.url, "process_refund", refund, { idempotencyKey: "conv-3" });
      expect(outside.kind === "result" ? outside.text : "").toContain("CONVERSATION_REQUIRED");
    });
  });
}
