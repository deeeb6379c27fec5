import type { RunSnapshot } from "@keel/loop";
import type { DurableSession } from "./database.js";
import type { RunRow } from "./run-record.js";

/*
 * A checkpoint as rows: its head (the snapshot without `messages` and `calls`) in the run's row with how many
 * of each it has, and each message and call once, as a row of `keel_durable.checkpoint_items`. A checkpoint
 * writes the head and the items added since the last one, so a round costs what it added, not the whole
 * history again. On load the snapshot is put back together and validated by `resumeRun`, as before.
 */

/**
 * The statement that writes a checkpoint, fenced: the run's row is updated only while this attempt holds it
 * (`$1` run id, `$2` attempt) and is running, and the items are inserted only when it was (they join the
 * updated row). One statement, so the head and its items commit together. `set` adds columns ($7, $8, …).
 */
const saveStatement = (set: string) => `
WITH head AS (
  UPDATE keel_durable.runs
  SET checkpoint = $3::jsonb, checkpoint_messages = $4, checkpoint_calls = $5, updated_at = now()${set}
  WHERE run_id = $1 AND attempts = $2 AND status = 'running'
  RETURNING run_id
), items AS (
  INSERT INTO keel_durable.checkpoint_items (run_id, list, seq, item)
  SELECT head.run_id, x.list, x.seq, x.item
  FROM head, jsonb_to_recordset($6::jsonb) AS x(list text, seq integer, item jsonb)
  ON CONFLICT (run_id, list, seq) DO UPDATE SET item = excluded.item
)
SELECT run_id FROM head`;

/**
 * Writes one attempt's checkpoints of a run, each with only what the last one did not hold. The first
 * checkpoint of an attempt writes every item (a resumed run's messages are new objects); after that,
 * messages are compared by reference (the loop's history is append-only and keeps each message as appended)
 * and calls by count (appended only). Anything else — a shorter history, a replaced message — writes every
 * item again.
 */
export class CheckpointWriter {
  #messages = 0;
  #calls = 0;
  #lastMessage: unknown;

  constructor(
    /** The run whose checkpoints this writes. */
    readonly runId: string,
    /** The attempt (the run row's `attempts`) that holds the run: the fence of every write. */
    readonly attempt: number,
  ) {}

  /**
   * Writes `snapshot` while this attempt holds the run; `extra` sets more columns in the same statement
   * (`set` names them from `$7`). Returns the bytes written, or `undefined` when the attempt no longer holds
   * the run (cancelled, or taken by another worker): nothing was written.
   */
  async save(
    session: DurableSession,
    snapshot: RunSnapshot,
    extra: { readonly set: string; readonly values: readonly unknown[] } = { set: "", values: [] },
  ): Promise<number | undefined> {
    const params = this.#next(snapshot);
    const saved = await session.query(saveStatement(extra.set), [
      this.runId,
      this.attempt,
      params.head,
      snapshot.messages.length,
      snapshot.calls.length,
      params.items,
      ...extra.values,
    ]);
    if (saved.length === 0) return undefined;
    this.#messages = snapshot.messages.length;
    this.#calls = snapshot.calls.length;
    this.#lastMessage = snapshot.messages.at(-1);
    return Buffer.byteLength(params.head) + Buffer.byteLength(params.items);
  }

  #next(snapshot: RunSnapshot): { readonly head: string; readonly items: string } {
    const { messages, calls, ...rest } = snapshot;
    const appended =
      this.#messages > 0 &&
      messages.length >= this.#messages &&
      messages[this.#messages - 1] === this.#lastMessage &&
      calls.length >= this.#calls;
    const fromMessage = appended ? this.#messages : 0;
    const fromCall = appended ? this.#calls : 0;
    const items = [
      ...messages
        .slice(fromMessage)
        .map((item, index) => ({ list: "message", seq: fromMessage + index, item })),
      ...calls.slice(fromCall).map((item, index) => ({ list: "call", seq: fromCall + index, item })),
    ];
    return { head: JSON.stringify({ ...rest, messages: [], calls: [] }), items: JSON.stringify(items) };
  }
}

/**
 * The run's last checkpoint as a snapshot: the head with its messages and calls read back. A row written
 * before checkpoints were incremental holds the whole snapshot (no counts) and is returned as it is.
 */
export async function loadCheckpoint(session: DurableSession, row: RunRow): Promise<RunSnapshot | null> {
  const head = row.checkpoint;
  if (head === null || row.checkpoint_messages === null) return head;
  const rows = await session.query<{ list: string; item: unknown }>(
    `SELECT list, item FROM keel_durable.checkpoint_items
     WHERE run_id = $1 AND ((list = 'message' AND seq < $2) OR (list = 'call' AND seq < $3))
     ORDER BY list, seq`,
    [row.run_id, row.checkpoint_messages, row.checkpoint_calls],
  );
  const messages = rows.filter((item) => item.list === "message").map((item) => item.item);
  const calls = rows.filter((item) => item.list === "call").map((item) => item.item);
  if (messages.length !== row.checkpoint_messages || calls.length !== row.checkpoint_calls) {
    throw new Error(`The checkpoint of run ${row.run_id} is missing items.`);
  }
  return { ...head, messages, calls } as RunSnapshot;
}
