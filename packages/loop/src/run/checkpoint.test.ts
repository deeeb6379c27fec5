import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { resumeRun } from "./resume-run.js";
import { runAgent } from "./run-agent.js";
import { answer, reply, spyTool, toolUse } from "./run-fixtures.test-helpers.js";
import { parseRunSnapshot, type RunSnapshot } from "./run-snapshot.js";
import { RunSnapshotError } from "./run-snapshot-error.js";

/** A refund store that pays once per idempotency key, and a read. */
function desk() {
  const paid = new Map<string, number>();
  const keys: string[] = [];
  const refund = spyTool("process_refund", "write", (input, context) => {
    const key = context.idempotencyKey ?? "";
    keys.push(key);
    const duplicate = paid.has(key);
    if (!duplicate) paid.set(key, Number(input.amount));
    return success({ refund_id: `R-${paid.size}`, duplicate });
  });
  const lookup = spyTool("lookup_order", "read", (input) => success({ order_id: input.order_id }));
  return { paid, keys, refund, lookup, tools: [refund, lookup] };
}

/** One round of a read and two writes, then the answer. */
const script = () => [
  reply(
    [
      toolUse("t_read", "lookup_order", { order_id: "O-1" }),
      toolUse("t_pay_1", "process_refund", { order_id: "O-1", amount: 10 }),
      toolUse("t_pay_2", "process_refund", { order_id: "O-2", amount: 20 }),
    ],
    "tool_use",
  ),
  answer("Both refunds are done."),
];

/** Saves every checkpoint as JSON; `crashAt` (1-based) throws instead of saving, as a dying process would. */
function recorder(crashAt?: number) {
  const saved: string[] = [];
  const checkpoint = (snapshot: RunSnapshot) => {
    if (saved.length + 1 === crashAt) throw new Error("the process died");
    saved.push(JSON.stringify(snapshot));
  };
  return { saved, checkpoint, last: () => saved.at(-1)! };
}

async function crashedRun(crashAt: number) {
  const store = desk();
  const client = new ScriptedClient(script());
  const saves = recorder(crashAt);
  const crashed = await runAgent({
    client,
    model: "m",
    tools: store.tools,
    prompt: "Refund O-1 and O-2",
    checkpoint: saves.checkpoint,
  });
  return { store, client, saves, crashed };
}

describe("checkpoint: a run saved as it goes continues exactly from the last save", () => {
  it("saves once before the first request, after each tool_use response and after each settled batch", async () => {
    const store = desk();
    const saves = recorder();
    const result = await runAgent({
      client: new ScriptedClient(script()),
      model: "m",
      tools: store.tools,
      prompt: "Refund O-1 and O-2",
      checkpoint: saves.checkpoint,
    });
    expect(result.status).toBe("completed");
    const snapshots = saves.saved.map((json) => parseRunSnapshot(json));
    expect(
      snapshots.map((snapshot) => [snapshot.status, snapshot.messages.length, snapshot.results]),
    ).toEqual([
      ["running", 1, []],
      ["running", 2, [null, null, null]],
      ["running", 3, []],
    ]);
    expect(snapshots.every((snapshot) => snapshot.runId === result.runId)).toBe(true);
  });

  it("copies each answered call into the snapshots once: later checkpoints hold the same copy", async () => {
    const store = desk();
    const snapshots: RunSnapshot[] = [];
    await runAgent({
      client: new ScriptedClient([...script().slice(0, 1), ...script()]),
      model: "m",
      tools: store.tools,
      prompt: "Refund O-1 and O-2",
      checkpoint: (snapshot) => {
        snapshots.push(snapshot);
      },
    });
    const withCalls = snapshots.filter((snapshot) => snapshot.calls.length > 0);
    expect(withCalls.at(-1)!.calls).toHaveLength(6);
    const first = withCalls[0]!.calls[0]!;
    expect(withCalls.every((snapshot) => snapshot.calls[0] === first)).toBe(true);
    expect(first).toEqual(JSON.parse(JSON.stringify(first)));
  });

  it("never requests a checkpointed response again: the crash came before its tools ran", async () => {
    const { store, client, saves, crashed } = await crashedRun(3);
    expect(crashed.status).toBe("model_error");
    expect(client.requests).toHaveLength(1);
    const resumed = new ScriptedClient([answer("Both refunds are done.")]);
    const done = await resumeRun(saves.last(), [], { client: resumed, tools: store.tools });
    expect(done.status).toBe("completed");
    expect(done.text).toBe("Both refunds are done.");
    expect(resumed.requests).toHaveLength(1);
    expect(done.modelRequests).toBe(2);
    expect(done.usage.repeated_requests).toBeUndefined();
    // The writes ran before the crash, and again on resume with their original keys: paid once each.
    expect(store.keys).toHaveLength(4);
    expect(new Set(store.keys).size).toBe(2);
    expect(store.paid.size).toBe(2);
  });

  it("never runs a checkpointed tool result again, and counts the next request as repeated", async () => {
    const store = desk();
    const saves = recorder();
    const client = new ScriptedClient([answer("Both refunds are done.")]);
    // The process dies while the second request is in flight: the run never returns.
    const dead = new ScriptedClient((_request, index) =>
      index === 0 ? script()[0]! : new Promise(() => {}),
    );
    void runAgent({
      client: dead,
      model: "m",
      tools: store.tools,
      prompt: "Refund",
      checkpoint: saves.checkpoint,
    });
    await waitFor(() => saves.saved.length === 3);
    const done = await resumeRun(saves.last(), [], { client, tools: store.tools });
    expect(done.status).toBe("completed");
    expect(store.refund.calls).toHaveLength(2);
    expect(store.lookup.calls).toHaveLength(1);
    expect(client.requests).toHaveLength(1);
    expect(done.usage.repeated_requests).toBe(1);
    expect(done.modelRequests).toBe(2);
  });

  it("runs a write that ran but was not checkpointed again with its original idempotency key", async () => {
    const { store, saves } = await crashedRun(3);
    const before = parseRunSnapshot(saves.last());
    expect(before.results).toEqual([null, null, null]);
    const firstKeys = [...store.keys];
    await resumeRun(saves.last(), [], { client: new ScriptedClient([answer("ok")]), tools: store.tools });
    expect(store.keys.slice(2)).toEqual(firstKeys);
    expect(store.refund.calls.every((call) => call.context.idempotencyKey !== undefined)).toBe(true);
  });

  it("sends the first request again from the start checkpoint, with the same run id", async () => {
    const { store, saves, crashed } = await crashedRun(2);
    const client = new ScriptedClient(script());
    const done = await resumeRun(saves.last(), [], { client, tools: store.tools });
    expect(done.runId).toBe(crashed.runId);
    expect(done.status).toBe("completed");
    expect(done.usage.repeated_requests).toBe(1);
    expect(store.paid.size).toBe(0 + 2);
  });

  it("ends the run when a checkpoint cannot be saved, before the tools of that response run", async () => {
    const { store, crashed } = await crashedRun(2);
    expect(crashed.status).toBe("model_error");
    expect(crashed.status === "model_error" && crashed.error.kind).toBe("internal");
    expect(store.refund.calls).toHaveLength(0);
  });

  it("checkpoints an approved call's settled turn before asking the model", async () => {
    const store = desk();
    const saves = recorder();
    const held = await runAgent({
      client: new ScriptedClient([reply([toolUse("t1", "process_refund", { amount: 900 })], "tool_use")]),
      model: "m",
      tools: store.tools,
      hooks: { pre: [{ name: "hold", decide: () => ({ action: "hold", reason: "big" }) }] },
      prompt: "Refund",
    });
    expect(held.status).toBe("awaiting_approval");
    const { approveCall } = await import("./approvals.js");
    const key = "k".repeat(32);
    const decision = approveCall(held.snapshot!.pending[0]!, key);
    await resumeRun(held.snapshot!, [decision], {
      client: new ScriptedClient([answer("Paid.")]),
      tools: store.tools,
      approvalKey: key,
      checkpoint: saves.checkpoint,
    });
    const saved = parseRunSnapshot(saves.saved[0]!);
    expect(saved.status).toBe("running");
    expect(saved.messages.at(-1)!.role).toBe("user");
    expect(saved.iterations).toBe(1);
  });

  it("refuses a running snapshot whose results do not match its last turn", () => {
    const bad = { ...parseRunSnapshotFixture(), results: [null] };
    expect(() => parseRunSnapshot(bad)).toThrow(RunSnapshotError);
  });
});

function parseRunSnapshotFixture(): RunSnapshot {
  return {
    version: 2,
    status: "running",
    runId: "r",
    model: "m",
    maxTokens: 10,
    maxIterations: 3,
    metadata: {},
    tools: [],
    iterations: 0,
    modelRequests: 0,
    usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    calls: [],
    messages: [{ role: "user", content: "hi" }],
    results: [],
    pending: [],
  };
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let tick = 0; tick < 1000 && !done(); tick += 1)
    await new Promise((resolve) => setTimeout(resolve, 1));
  if (!done()) throw new Error("timed out");
}
