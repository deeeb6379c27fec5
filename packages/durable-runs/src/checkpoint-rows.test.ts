import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunSnapshot, runAgent, ScriptedClient } from "@keel/loop";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentDefinition } from "./agent-registry.js";
import { CheckpointWriter, loadCheckpoint } from "./checkpoint-rows.js";
import { type DurableDatabase, openDatabase } from "./database.js";
import type { RunRow } from "./run-record.js";
import { RUNS_SCHEMA } from "./schema.js";

/** The crash tests' desk: its `lookup_order` answers each round (its crash point is off without CRASH_AT). */
const DESK = new URL("./__fixtures__/fake-desk.mjs", import.meta.url).href;
const deskTools = async (runId: string) =>
  ((await import(DESK)) as { agents: { desk: (context: { runId: string }) => AgentDefinition } }).agents.desk(
    {
      runId,
    },
  ).tools;

let dir = "";
let database: DurableDatabase;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-checkpoint-"));
  database = await openDatabase({ dataDir: join(dir, "runs") });
  await database.exec(RUNS_SCHEMA);
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

async function runningRow(runId: string, attempts = 1) {
  await database.query(
    `INSERT INTO keel_durable.runs (run_id, agent, input, status, attempts) VALUES ($1, 'a', '{}', 'running', $2)`,
    [runId, attempts],
  );
}
const rowOf = async (runId: string) =>
  (await database.query<RunRow>("SELECT * FROM keel_durable.runs WHERE run_id = $1", [runId]))[0]!;

/** A `rounds`-round run checkpointed through `writer`: each checkpoint's snapshot and bytes written. */
async function checkpointed(writer: CheckpointWriter, rounds: number) {
  const saved: Array<{ snapshot: RunSnapshot; bytes: number | undefined }> = [];
  await runAgent({
    client: new ScriptedClient([
      ...Array.from({ length: rounds }, (_, index) => ({
        content: [
          {
            type: "tool_use" as const,
            id: `t${index}`,
            name: "lookup_order",
            input: { order_id: `O-${index}` },
          },
        ],
      })),
      { content: [{ type: "text" as const, text: "Done." }] },
    ]),
    model: "m",
    tools: await deskTools(writer.runId),
    prompt: "Look them all up.",
    maxIterations: rounds + 1,
    idGenerator: () => writer.runId,
    checkpoint: async (snapshot) => {
      saved.push({ snapshot, bytes: await writer.save(database, snapshot) });
    },
  });
  return saved;
}

describe("incremental checkpoints", () => {
  it("writes each round's new messages once, and loads the last snapshot whole", async () => {
    await runningRow("run-a");
    const saved = await checkpointed(new CheckpointWriter("run-a", 1), 40);
    const last = saved.at(-1)!;
    expect(await loadCheckpoint(database, await rowOf("run-a"))).toEqual(
      JSON.parse(JSON.stringify(last.snapshot)),
    );
    // A round writes what it added (a lookup and its result), not the whole history again.
    const whole = Buffer.byteLength(JSON.stringify(last.snapshot));
    expect(whole).toBeGreaterThan(15_000);
    expect(last.bytes).toBeLessThan(whole / 10);
    // Over the run: linear, where rewriting each snapshot whole is quadratic.
    const total = saved.reduce((sum, { bytes }) => sum + (bytes ?? 0), 0);
    const rewritten = saved.reduce(
      (sum, { snapshot }) => sum + Buffer.byteLength(JSON.stringify(snapshot)),
      0,
    );
    expect(total).toBeLessThan(rewritten / 5);
  });

  it("writes nothing for an attempt that no longer holds the run", async () => {
    await runningRow("run-b", 2);
    const saved = await checkpointed(new CheckpointWriter("run-b", 1), 2);
    expect(saved.every(({ bytes }) => bytes === undefined)).toBe(true);
    expect((await rowOf("run-b")).checkpoint).toBeNull();
    const items = await database.query("SELECT 1 FROM keel_durable.checkpoint_items WHERE run_id = 'run-b'");
    expect(items).toHaveLength(0);
  });

  it("a new attempt writes every item again, and a shorter history loads without the older attempt's tail", async () => {
    await runningRow("run-c");
    await checkpointed(new CheckpointWriter("run-c", 1), 5);
    await database.query("UPDATE keel_durable.runs SET attempts = 2 WHERE run_id = 'run-c'");
    const saved = await checkpointed(new CheckpointWriter("run-c", 2), 1);
    const row = await rowOf("run-c");
    expect(row.checkpoint_messages).toBe(saved.at(-1)!.snapshot.messages.length);
    expect(await loadCheckpoint(database, row)).toEqual(JSON.parse(JSON.stringify(saved.at(-1)!.snapshot)));
  });

  it("reads a row written before checkpoints were incremental (the whole snapshot, no counts) as it is", async () => {
    await runningRow("run-d");
    const [first] = await checkpointed(new CheckpointWriter("run-d", 1), 1);
    const whole = JSON.parse(JSON.stringify(first!.snapshot));
    await database.query(
      `UPDATE keel_durable.runs SET checkpoint = $2, checkpoint_messages = NULL, checkpoint_calls = NULL
       WHERE run_id = $1`,
      ["run-d", JSON.stringify(whole)],
    );
    expect(await loadCheckpoint(database, await rowOf("run-d"))).toEqual(whole);
  });
});
