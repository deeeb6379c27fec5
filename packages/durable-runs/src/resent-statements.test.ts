import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DurableDatabase, openDatabase } from "./database.js";
import { decideIn, enqueueIn } from "./durable-runs.js";
import { TAKE_SLOT } from "./model-request-slots.js";
import { startBoss } from "./queue.js";
import { RUNS_SCHEMA } from "./schema.js";

// A process reaching a PGlite folder through its owner sends a statement again when the connection is lost
// and it takes the folder over (database.ts): the first may have committed before the owner died. Each
// statement that is not idempotent by itself carries an id made before it, so the second send finds the
// first and does nothing more. Here each is sent twice, as that resend would.

let dir = "";
let database: DurableDatabase;
let boss: PgBoss;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-resent-"));
  database = await openDatabase({ dataDir: join(dir, "runs") });
  await database.exec(RUNS_SCHEMA);
  boss = await startBoss(database, { supervise: false, schedule: false });
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const jobsOf = async (runId: string) =>
  (
    await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'keel-runs' AND data->>'runId' = $1",
      [runId],
    )
  )[0]?.n;

describe("statements sent again after their first commit", () => {
  it("enqueueRun: one run and one job", async () => {
    const runId = randomUUID();
    const request = { agent: "echo", prompt: "Hi" };
    await database.transaction((session) => enqueueIn(session, boss, runId, request));
    await database.transaction((session) => enqueueIn(session, boss, runId, request));
    const rows = await database.query("SELECT 1 FROM keel_durable.runs WHERE run_id = $1", [runId]);
    expect(rows).toHaveLength(1);
    expect(await jobsOf(runId)).toBe(1);
  });

  it("decideRun: the same call answers true again and queues one continuation; another call is refused", async () => {
    const runId = randomUUID();
    await database.query(
      `INSERT INTO keel_durable.runs (run_id, agent, input, status, checkpoint)
       VALUES ($1, 'echo', '{}', 'awaiting_approval', '{"pending": [{"approvalId": "a1"}]}')`,
      [runId],
    );
    const decisionId = randomUUID();
    const decision = { approvalId: "a1", verdict: "approve", signature: "ab" } as never;
    const decide = (id: string) =>
      database.transaction((session) => decideIn(session, boss, runId, [decision], id));
    expect(await decide(decisionId)).toBe(true);
    expect(await decide(decisionId)).toBe(true);
    expect(await jobsOf(runId)).toBe(1);
    expect(await decide(randomUUID())).toBe(false);
    expect(await jobsOf(runId)).toBe(1);
  });

  it("a model request slot: the holder gets the slot it already holds, not a second one", async () => {
    const holder = randomUUID();
    const first = await database.query<{ slot: number }>(TAKE_SLOT, [holder, 4, 60]);
    const again = await database.query<{ slot: number }>(TAKE_SLOT, [holder, 4, 60]);
    expect(again).toEqual(first);
    const held = await database.query("SELECT slot FROM keel_durable.model_request_slots WHERE holder = $1", [
      holder,
    ]);
    expect(held).toHaveLength(1);
    // Another holder still gets the next free slot.
    const other = await database.query<{ slot: number }>(TAKE_SLOT, [randomUUID(), 4, 60]);
    expect(other[0]?.slot).not.toBe(first[0]?.slot);
  });
});
