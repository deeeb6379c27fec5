import { createSqlBackend } from "@keel/support-desk";
import { type FakeMessagesApi, startFakeMessagesApi, textResponse } from "@keel/testkit";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { APPROVAL_KEY, jsonOf, runKeel, startKeel, waitUntil } from "../keel-cli.js";
import { type ThrowawayDatabase, throwawayDatabase, withClient } from "../throwaway-database.js";

/**
 * Exactly-once resume survives a crash at the two worst moments: `keel tickets approve` killed (SIGKILL)
 * after the approval is recorded but before the refund is paid, and after the refund is paid but before the
 * conversation is answered. Approving again pays nothing more than one refund in total and completes the
 * conversation. Real processes (the built CLI) over PostgreSQL; the moments are reached deterministically:
 * a row lock held by the test keeps the refund from committing, and a fake Messages API holds the answer.
 */
const adminUrl = process.env.DATABASE_URL;

async function refundsOf(databaseUrl: string): Promise<number[]> {
  const backend = await createSqlBackend({ databaseUrl });
  try {
    const listed = await backend.listRefunds("ORD-1002");
    if (listed.kind !== "listed") throw new Error(`the store did not answer (${listed.kind})`);
    return listed.refunds.map((refund) => refund.amountCents);
  } finally {
    await backend.close();
  }
}

const query = <T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) =>
  withClient(url, async (client) => (await client.query<T>(sql, values)).rows);

/** A $750 refund held for a supervisor by `keel run --hold`: the ticket that holds the run. */
async function heldRefund(database: ThrowawayDatabase): Promise<string> {
  await database.create();
  const run = await runKeel(
    ["run", "--scenario", "high-value-refund", "--backend", "sql", "--hold", "--json"],
    { DATABASE_URL: database.url },
  );
  expect(run.code, run.stderr).toBe(3);
  return String(jsonOf(run.stdout).ticket);
}

if (adminUrl) {
  describe("kill -9 while an approved refund resumes", () => {
    const databases: ThrowawayDatabase[] = [];
    const fakes: FakeMessagesApi[] = [];
    afterAll(async () => {
      await Promise.all(fakes.map((fake) => fake.close()));
      await Promise.all(databases.map((database) => database.drop()));
    });

    it("between approved and paid: approving again pays once and answers", async () => {
      const database = throwawayDatabase(adminUrl, "keel_kill_unpaid");
      databases.push(database);
      const ticket = await heldRefund(database);
      const env = { DATABASE_URL: database.url, KEEL_APPROVAL_KEY: APPROVAL_KEY };

      // Hold the order's row lock: the refund's transaction (which locks the order first) waits on it.
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      await blocker.query("BEGIN");
      await blocker.query("SELECT id FROM orders WHERE id = 'ORD-1002' FOR UPDATE");
      const approving = startKeel(["tickets", "approve", ticket, "--json"], env);
      try {
        await waitUntil("the refund to wait on the order's lock", async () => {
          const waiting = await query<{ count: string }>(
            database.url,
            "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
            [database.name],
          );
          return Number(waiting[0]?.count) > 0;
        });
        const [recorded] = await query<{ resolution: string | null }>(
          database.url,
          "SELECT resolution FROM tickets WHERE id = $1",
          [ticket],
        );
        expect(recorded?.resolution).toBe("approved");
        expect(await approving.stop("SIGKILL")).toBeNull();
      } finally {
        await blocker.query("ROLLBACK");
        await blocker.end();
      }
      expect(await refundsOf(database.url)).toEqual([]);

      const again = await runKeel(["tickets", "approve", ticket, "--json"], env);
      expect(again.code, again.stderr).toBe(0);
      expect(jsonOf(again.stdout)).toMatchObject({
        status: "completed",
        repeated: true,
        decision: "approved",
      });
      expect(String(jsonOf(again.stdout).text)).toContain("approved your refund");
      expect(await refundsOf(database.url)).toEqual([75_000]);
    });

    it("between paid and answered: approving again pays nothing more and completes the conversation", async () => {
      const database = throwawayDatabase(adminUrl, "keel_kill_paid");
      databases.push(database);
      const ticket = await heldRefund(database);
      // LIVE continuation through a fake Messages API: the first answer never comes (the process dies
      // waiting for it), the second is the model's final answer.
      let arrived!: () => void;
      const firstRequest = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const fake = await startFakeMessagesApi({
        handler: async (_request, { index }) => {
          if (index === 0) {
            arrived();
            await held;
          }
          return textResponse("Your refund of $750.00 was approved by a supervisor and has been paid.");
        },
      });
      fakes.push(fake);
      const env = {
        DATABASE_URL: database.url,
        KEEL_APPROVAL_KEY: APPROVAL_KEY,
        ANTHROPIC_API_KEY: "sk-ant-test-not-a-real-key",
        ANTHROPIC_BASE_URL: fake.url,
      };

      const approving = startKeel(["tickets", "approve", ticket, "--json"], env);
      await Promise.race([
        firstRequest,
        approving.exited.then(() => {
          throw new Error(`keel exited before asking the model:\n${approving.stderr()}`);
        }),
      ]);
      expect(await refundsOf(database.url)).toEqual([75_000]); // paid, not yet answered
      expect(await approving.stop("SIGKILL")).toBeNull();
      release();

      const again = await runKeel(["tickets", "approve", ticket, "--json"], env);
      expect(again.code, again.stderr).toBe(0);
      expect(jsonOf(again.stdout)).toMatchObject({ status: "completed", repeated: true });
      expect(String(jsonOf(again.stdout).text)).toContain("approved by a supervisor");
      expect(await refundsOf(database.url)).toEqual([75_000]);
      // The resumed conversation told the model the refund is the one already paid, not a new one.
      const resumed = fake.requests.at(-1)?.body.messages.at(-1)?.content;
      const result = Array.isArray(resumed)
        ? resumed.find((block) => block.type === "tool_result")
        : undefined;
      expect(JSON.parse(String(result?.type === "tool_result" ? result.content : ""))).toMatchObject({
        refund_id: "R-1001",
        amount: 750,
        duplicate: true,
      });
    });
  });
}
