import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approveCall, rejectCall, ScriptedClient } from "@keel/loop";
import type { Tool } from "@keel/tools";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition, AgentRegistry } from "./agent-registry.js";
import { openDurableRuns } from "./durable-runs.js";
import { temporaryRuns, untilStatus } from "./durable-runs.test-helpers.js";
import type { WorkerProgress } from "./run-job.js";

const KEY = "k".repeat(32);
const temporaryDeskDir = mkdtempSync(join(tmpdir(), "keel-edges-desk-"));
afterAll(() => rmSync(temporaryDeskDir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Model requests per run and turn (the history's length), across every worker of this process. */
const asked: string[] = [];
let firstDelayMs = 0;

// The crash tests' desk (a refund above $500 is held); DESK_DIR is where its refunds are written.
const DESK = new URL("./__fixtures__/fake-desk.mjs", import.meta.url).href;
const { holdLarge, lookup, refund } = (await import(DESK)) as {
  readonly lookup: Tool;
  readonly refund: Tool;
  readonly holdLarge: NonNullable<NonNullable<AgentDefinition["hooks"]>["pre"]>[number];
};

/** A lookup (or a held refund), then the answer; the first response can be slow. */
const agents: AgentRegistry = {
  desk: ({ runId }) => ({
    model: "m",
    tools: [lookup, refund],
    hooks: { pre: [holdLarge] },
    client: new ScriptedClient(async (request) => {
      const turn = request.messages.length;
      asked.push(`${runId}#${turn}`);
      if (turn === 1) {
        await sleep(firstDelayMs);
        const wantsRefund = JSON.stringify(request.messages[0]).includes("refund");
        return {
          content: [
            {
              type: "tool_use",
              id: "t_1",
              ...(wantsRefund
                ? { name: "process_refund", input: { order_id: "O-2", amount: 900 } }
                : { name: "lookup_order", input: { order_id: "O-1" } }),
            },
          ],
        };
      }
      return { content: [{ type: "text", text: "Done." }] };
    }),
  }),
};

const temporary = temporaryRuns("keel-edges-", { leaseSeconds: 2 });
const open = () => temporary.open();
const until = untilStatus;
beforeEach(() => {
  process.env.DESK_DIR = temporaryDeskDir;
});
afterEach(() => {
  firstDelayMs = 0;
});

const fast = { leaseSeconds: 2, pollingSeconds: 0.5, monitorSeconds: 1, approvalKey: KEY } as const;

/** A run whose only model request is in flight (held 1.5 s), on a worker whose progress events are kept. */
async function runInFlight() {
  const store = await open();
  firstDelayMs = 1500;
  const runId = await store.enqueueRun({ agent: "desk", prompt: "Where is O-1?" });
  const events: WorkerProgress[] = [];
  const worker = await store.startWorker({ agents, ...fast, onProgress: (event) => events.push(event) });
  await until(store, runId, ["running"]);
  return { store, runId, events, worker };
}

describe("a worker that drains", () => {
  it("stops a held run at its next checkpoint; another worker resumes it without asking the model again", async () => {
    const { store, runId, events, worker: first } = await runInFlight();
    await sleep(300); // the first model request is in flight
    await first.stop({ timeoutMs: Number.POSITIVE_INFINITY });
    const stopped = await store.getRun(runId);
    expect(stopped?.status).toBe("running"); // stopped at the checkpoint after the response, not finished
    expect(events.at(-1)).toEqual({ kind: "settled", runId, status: "running" });
    await store.startWorker({ agents, ...fast });
    const run = await until(store, runId, ["completed"]);
    expect(run.result?.text).toBe("Done.");
    expect(asked.filter((entry) => entry === `${runId}#1`)).toHaveLength(1); // the response was kept
    expect(run.result?.usage.repeated_requests ?? 0).toBe(0);
  }, 60_000);

  it("stop() twice, and close() with two workers started, both end", async () => {
    const store = await open();
    const one = await store.startWorker({ agents, ...fast });
    await store.startWorker({ agents, ...fast });
    await Promise.all([one.stop(), one.stop()]);
    await store.close();
    await store.close();
  }, 60_000);
});

describe("what a worker reports, and refuses", () => {
  it("a run cancelled while its only model request is in flight is reported as stored: cancelled", async () => {
    const { store, runId, events } = await runInFlight();
    expect((await store.cancelRun(runId))?.status).toBe("cancelled");
    for (let tick = 0; tick < 100 && !events.some((event) => event.kind === "settled"); tick += 1)
      await sleep(100);
    expect(events.find((event) => event.kind === "settled")).toEqual({
      kind: "settled",
      runId,
      status: "cancelled",
    });
    expect((await store.getRun(runId))?.status).toBe("cancelled");
  }, 60_000);

  it.each([
    [{ concurrency: 0 }, /concurrency must be a whole number from 1 to 1000/],
    [{ concurrency: 100_000_000 }, /concurrency must be a whole number from 1 to 1000/],
    [{ concurrency: 1.5 }, /concurrency/],
    [{ pollingSeconds: 0 }, /pollingSeconds must be a number of at least 0.5/],
    [{ monitorSeconds: Number.NaN }, /monitorSeconds must be a number of at least 1/],
    [{ modelRequests: { maxInFlight: 0 } }, /maxInFlight must be a whole number from 1 to 10000/],
  ])("startWorker(%o) is refused with a RangeError, and close() still ends", async (bad, message) => {
    const store = await open();
    await expect(store.startWorker({ agents, ...bad })).rejects.toThrow(message);
    await expect(store.startWorker({ agents, ...bad })).rejects.toBeInstanceOf(RangeError);
  });

  it("refuses a store it cannot keep, and a limit that is not one", async () => {
    await expect(openDurableRuns({ dataDir: "" })).rejects.toThrow(/dataDir must name a folder/);
    await expect(openDurableRuns({ databaseUrl: "nope" })).rejects.toThrow(
      /databaseUrl must be a PostgreSQL URL/,
    );
    const store = await open();
    await expect(store.listRuns({ limit: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(store.listRuns({ limit: 1.5 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe("decisions on a queued run", () => {
  it("refuses decisions that are not for the run's pending calls at once; the run still awaits approval", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "desk", prompt: "Please refund O-1" });
    await store.startWorker({ agents, ...fast });
    const held = await until(store, runId, ["awaiting_approval"]);
    await expect(store.decideRun(runId, [{ nope: 1 } as never])).rejects.toThrow(
      /not a pending call of the run/,
    );
    await expect(store.decideRun(runId, [])).rejects.toThrow(/one decision or more/);
    const unsigned = { approvalId: held.pending[0]?.approvalId, verdict: "approve" };
    await expect(store.decideRun(runId, [unsigned as never])).rejects.toThrow(/is not signed/);
    expect((await store.getRun(runId))?.status).toBe("awaiting_approval");
  }, 60_000);

  it("a decision signed with another key puts the run back to awaiting approval, and a good one then completes it", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "desk", prompt: "Please refund O-1" });
    await store.startWorker({ agents, ...fast });
    const held = await until(store, runId, ["awaiting_approval"]);
    const call = held.pending[0];
    if (call === undefined) throw new Error("no pending call");
    expect(await store.decideRun(runId, [rejectCall(call, "x".repeat(32), "no")])).toBe(true);
    let refused = held;
    for (let tick = 0; tick < 100; tick += 1) {
      refused = (await store.getRun(runId)) ?? refused;
      if (refused.status === "awaiting_approval" && refused.result?.error?.kind === "invalid_decision") break;
      await sleep(100);
    }
    expect(refused.status).toBe("awaiting_approval");
    expect(refused.result?.error?.kind).toBe("invalid_decision");
    expect(refused.pending.map((pending) => pending.approvalId)).toEqual([call.approvalId]);
    expect(await store.decideRun(runId, [approveCall(call, KEY)])).toBe(true);
    const run = await until(store, runId, ["completed"]);
    expect(run.result?.text).toBe("Done.");
  }, 60_000);
});
