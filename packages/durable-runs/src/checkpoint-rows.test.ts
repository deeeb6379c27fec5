import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { success } from "@keel/errors";
import { type RunSnapshot, runAgent, ScriptedClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CheckpointWriter, loadCheckpoint } from "./checkpoint-rows.js";
import { type DurableDatabase, openDatabase } from "./database.js";
import type { RunRow } from "./run-record.js";
import { RUNS_SCHEMA } from "./schema.js";

const read = defineTool({
  name: "read_record",
  description: "Returns one record. Use to read a record. Do NOT use to change it. Takes id.",
  input: z.object({ id: z.string() }),
  effect: "read",
  handler: async ({ id }) => success({ id, notes: "n".repeat(1024) }),
});

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
        content: [{ type: "tool_use" as const, id: `t${index}`, name: "read_record", input: { id: `R-${index}` } }],
      })),
      { content: [{ type: "text" as const, text: "Done." }] },
    ]),
    model: "m",
    tools: [read],
    prompt: "Read them all.",
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
    const saved = await checkpointed(new CheckpointWriter("run-a", 1), 12);
    const last = saved.at(-1)!;
    expect(await loadCheckpoint(database, await rowOf("run-a"))).toEqual(JSON.parse(JSON.stringify(last.snapshot)));
    // A round writes what it added (about 1 KB of tool result), not the whole history (about 25 KB by now).
    const whole = Buffer.byteLength(JSON.stringify(last.snapshot));
    expect(whole).toBeGreaterThan(20_000);
    expect(last.bytes).toBeLessThan(4_000);
    const total = saved.reduce((sum, { bytes }) => sum + (bytes ?? 0), 0);
    expect(total).toBeLessThan(2 * whole);
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
