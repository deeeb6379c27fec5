import { businessError, success } from "@keel/errors";
import { definePreHook } from "@keel/hooks";
import { idempotencyKey } from "@keel/tool-call";
import { describe, expect, it } from "vitest";
import { ModelClientError } from "../clients/model-client-error.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import { approveCall, rejectCall } from "./approvals.js";
import { resumeRun } from "./resume-run.js";
import { runAgent } from "./run-agent.js";
import { answer, reply, spyTool, toolUse } from "./run-fixtures.test-helpers.js";
import { RUN_SNAPSHOT_VERSION, type RunSnapshot } from "./run-snapshot.js";
import { RunSnapshotError } from "./run-snapshot-error.js";

const KEY = "k".repeat(32);
const OTHER_KEY = "o".repeat(32);

/** Refunds above $500 wait for a supervisor; above $1,000 nobody may pay them, approved or not. */
const holdLarge = definePreHook("refund-approval", (call) => {
  if (call.name !== "process_refund") return { action: "allow" };
  const amount = Number((call.input as { amount: unknown }).amount);
  if (amount > 1000)
    return { action: "block", error: businessError("REFUND_TOO_LARGE", "Never above $1,000.") };
  if (amount > 500)
    return { action: "hold", reason: `a $${amount} refund needs approval`, approver: "supervisor" };
  return { action: "allow" };
});

/** A store-like refund: the same idempotency key pays once. */
function desk() {
  const paid = new Map<string, number>();
  const refund = spyTool("process_refund", "write", (input, context) => {
    const key = context.idempotencyKey ?? "";
    if (!paid.has(key)) paid.set(key, Number(input.amount));
    return success({ refund_id: `R-${paid.size}`, amount: paid.get(key), duplicate: paid.size > 1 });
  });
  const lookup = spyTool("lookup_order", "read", (input) =>
    success({ order_id: input.order_id, total: 900 }),
  );
  return { paid, refund, lookup, tools: [refund, lookup] };
}

async function heldRun(amounts: readonly number[] = [750]) {
  const store = desk();
  const calls = [
    toolUse("t_read", "lookup_order", { order_id: "O-1" }),
    ...amounts.map((amount, index) =>
      toolUse(`t_refund_${index}`, "process_refund", { order_id: "O-1", amount }),
    ),
  ];
  const result = await runAgent({
    client: new ScriptedClient([reply(calls, "tool_use")]),
    model: "m",
    tools: store.tools,
    hooks: { pre: [holdLarge] },
    prompt: "Refund order O-1",
  });
  return { store, result };
}

const resumeWith = (store: ReturnType<typeof desk>, text = "Done.") => ({
  client: new ScriptedClient([answer(text)]),
  tools: store.tools,
  hooks: { pre: [holdLarge] },
  approvalKey: KEY,
});

describe("a held call pauses the run; a person decides; the run resumes", () => {
  it("pauses with awaiting_approval after running the turn's other calls, nothing of the held one", async () => {
    const { store, result } = await heldRun();
    expect(result.status).toBe("awaiting_approval");
    expect(store.lookup.calls).toHaveLength(1);
    expect(store.refund.calls).toHaveLength(0);
    const snapshot = result.snapshot!;
    expect(snapshot.pending).toEqual([
      {
        approvalId: `${result.runId}:t_refund_0`,
        toolUseId: "t_refund_0",
        name: "process_refund",
        input: { order_id: "O-1", amount: 750 },
        reason: "a $750 refund needs approval",
        approver: "supervisor",
        hook: "refund-approval",
      },
    ]);
    expect(snapshot.results[0]).toMatchObject({ tool_use_id: "t_read" });
    expect(snapshot.results[1]).toBeNull();
    expect(result.toolCalls.map((call) => call.decision)).toEqual(["allow", "hold"]);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it("approved, runs the call once with its original key and continues to the final answer", async () => {
    const { store, result } = await heldRun();
    const snapshot = JSON.stringify(result.snapshot);
    const decision = approveCall(result.snapshot!.pending[0]!, KEY);
    const resumed = await resumeRun(snapshot, [decision], resumeWith(store, "Refunded $750."));
    expect(resumed).toMatchObject({ status: "completed", text: "Refunded $750.", runId: result.runId });
    expect(store.refund.calls).toHaveLength(1);
    expect(store.lookup.calls).toHaveLength(1);
    const lastUser = resumed.messages.at(-2)!;
    expect((lastUser.content as Array<{ tool_use_id: string }>).map((block) => block.tool_use_id)).toEqual([
      "t_read",
      "t_refund_0",
    ]);
  });

  it("resumed twice with the same decision, pays once: the same idempotency key both times", async () => {
    const { store, result } = await heldRun();
    const decision = approveCall(result.snapshot!.pending[0]!, KEY);
    await resumeRun(result.snapshot!, [decision], resumeWith(store));
    await resumeRun(result.snapshot!, [decision], resumeWith(store));
    const keys = store.refund.calls.map((call) => call.context.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(store.paid.size).toBe(1);
  });

  it("rejected, answers the model with a permission error saying a person declined, and why", async () => {
    const { store, result } = await heldRun();
    const decision = rejectCall(result.snapshot!.pending[0]!, KEY, "the customer already got a voucher");
    const client = new ScriptedClient([answer("Your refund was declined.")]);
    const resumed = await resumeRun(result.snapshot!, [decision], { ...resumeWith(store), client });
    expect(resumed.status).toBe("completed");
    expect(store.refund.calls).toHaveLength(0);
    const sent = JSON.stringify(client.requests[0]!.messages.at(-1));
    expect(sent).toContain("DECLINED_BY_PERSON");
    expect(sent).toContain("the customer already got a voucher");
    expect(resumed.toolCalls.at(-1)).toMatchObject({ decision: "hold", category: "permission" });
  });

  it("settles a partial decision and pauses again with the rest pending", async () => {
    const { store, result } = await heldRun([600, 700]);
    const [first, second] = result.snapshot!.pending;
    const partial = await resumeRun(result.snapshot!, [approveCall(first!, KEY)], resumeWith(store));
    expect(partial.status).toBe("awaiting_approval");
    expect(store.refund.calls.map((call) => call.input.amount)).toEqual([600]);
    expect(partial.snapshot!.pending.map((call) => call.approvalId)).toEqual([second!.approvalId]);
    const done = await resumeRun(
      partial.snapshot!,
      [rejectCall(second!, KEY, "too much")],
      resumeWith(store),
    );
    expect(done.status).toBe("completed");
    expect(store.refund.calls.map((call) => call.input.amount)).toEqual([600]);
  });

  it("runs an approved edit through validation and every pre-hook: an edit cannot slip past a rule", async () => {
    const { store, result } = await heldRun();
    const pending = result.snapshot!.pending[0]!;
    const smaller = await resumeRun(
      result.snapshot!,
      [approveCall(pending, KEY, { input: { order_id: "O-1", amount: 400 } })],
      resumeWith(store),
    );
    expect(smaller.status).toBe("completed");
    expect(store.refund.calls.map((call) => call.input.amount)).toEqual([400]);
    const client = new ScriptedClient([answer("Blocked.")]);
    await resumeRun(
      result.snapshot!,
      [approveCall(pending, KEY, { input: { order_id: "O-1", amount: 5000 } })],
      { ...resumeWith(store), client },
    );
    expect(store.refund.calls).toHaveLength(1);
    expect(JSON.stringify(client.requests[0]!.messages.at(-1))).toContain("REFUND_TOO_LARGE");
  });

  it("refuses a tampered snapshot, a forged or foreign-key decision, and runs nothing", async () => {
    const { store, result } = await heldRun();
    const pending = result.snapshot!.pending[0]!;
    const decision = approveCall(pending, KEY);
    const tampered: RunSnapshot = {
      ...result.snapshot!,
      pending: [{ ...pending, input: { order_id: "O-1", amount: 7500 } }],
    };
    await expect(resumeRun(tampered, [decision], resumeWith(store))).rejects.toMatchObject({
      code: "INVALID_APPROVAL",
    });
    await expect(
      resumeRun(result.snapshot!, [approveCall(pending, OTHER_KEY)], resumeWith(store)),
    ).rejects.toMatchObject({ code: "INVALID_APPROVAL" });
    await expect(
      resumeRun(result.snapshot!, [{ ...decision, approvalId: "nope" }], resumeWith(store)),
    ).rejects.toMatchObject({ code: "INVALID_APPROVAL" });
    expect(store.refund.calls).toHaveLength(0);
  });

  it("refuses a snapshot from a newer version, a malformed one, and a changed tool set, by name", async () => {
    const { store, result } = await heldRun();
    const decision = approveCall(result.snapshot!.pending[0]!, KEY);
    const newer = { ...result.snapshot!, version: RUN_SNAPSHOT_VERSION + 1 };
    await expect(resumeRun(newer, [decision], resumeWith(store))).rejects.toMatchObject({
      code: "RUN_SNAPSHOT_TOO_NEW",
      message: expect.stringContaining("newer Keel"),
    });
    await expect(resumeRun("{not json", [decision], resumeWith(store))).rejects.toBeInstanceOf(
      RunSnapshotError,
    );
    await expect(
      resumeRun({ ...result.snapshot!, results: [] }, [decision], resumeWith(store)),
    ).rejects.toMatchObject({ code: "INVALID_RUN_SNAPSHOT" });
    await expect(
      resumeRun(result.snapshot!, [decision], { ...resumeWith(store), tools: [store.refund] }),
    ).rejects.toMatchObject({ code: "TOOLS_CHANGED", message: expect.stringContaining("lookup_order") });
    expect(store.refund.calls).toHaveLength(0);
  });

  it("gives the hooks the run's earlier calls after a resume, so 'verified earlier' still holds", async () => {
    const { store, result } = await heldRun();
    const seen: number[] = [];
    const watch = definePreHook("watch", (_call, context) => {
      seen.push(context.history.length);
      return { action: "allow" };
    });
    await resumeRun(result.snapshot!, [approveCall(result.snapshot!.pending[0]!, KEY)], {
      ...resumeWith(store),
      hooks: { pre: [holdLarge, watch] },
    });
    // The lookup and the hold of the first turn are part of the history the hook sees.
    expect(seen[0]).toBeGreaterThanOrEqual(1);
  });
});

describe("a run stopped by a transient model failure resumes from its snapshot", () => {
  it("keeps what ran, asks the model again with the same run id, and runs later writes with stable keys", async () => {
    const store = desk();
    const first = await runAgent({
      client: new ScriptedClient([
        reply([toolUse("t1", "process_refund", { order_id: "O-1", amount: 20 })], "tool_use"),
        new ModelClientError("overloaded", "Overloaded (529)."),
      ]),
      model: "m",
      tools: store.tools,
      prompt: "Refund $20, then $30",
      retry: { maxAttempts: 1 },
    });
    expect(first.status).toBe("model_error");
    expect(first.snapshot).toMatchObject({ status: "model_error", pending: [], results: [] });
    expect(store.refund.calls).toHaveLength(1);
    const resumed = await resumeRun(JSON.stringify(first.snapshot), [], {
      client: new ScriptedClient([
        reply([toolUse("t2", "process_refund", { order_id: "O-1", amount: 30 })], "tool_use"),
        answer("Refunded $20 and $30."),
      ]),
      tools: store.tools,
    });
    expect(resumed).toMatchObject({ status: "completed", runId: first.runId, iterations: 2 });
    expect(store.refund.calls.map((call) => call.input.amount)).toEqual([20, 30]);
    expect(store.refund.calls[1]!.context.idempotencyKey).toBe(
      idempotencyKey(first.runId, "process_refund", { order_id: "O-1", amount: 30 }),
    );
  });

  it("gives no snapshot for a failure a retry cannot fix", async () => {
    const result = await runAgent({
      client: new ScriptedClient([new ModelClientError("authentication", "Bad key.")]),
      model: "m",
      prompt: "hi",
    });
    expect(result.status).toBe("model_error");
    expect(result.snapshot).toBeUndefined();
  });
});
