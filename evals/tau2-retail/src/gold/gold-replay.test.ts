import { beforeAll, describe, expect, it } from "vitest";
import { loadPristineDb } from "../db/retail-db.js";
import { retailPolicyHooks } from "../policy/policy-hooks.js";
import { replayTrajectory } from "../replay/replay-trajectory.js";
import type { ReplayResult } from "../replay/trajectory.js";
import { DATABASE_WRITES, EXPLICIT_YES, policyTrajectory } from "./policy-trajectory.js";
import { loadExpectedDigests, loadSplits, loadTasks, taskById } from "./tasks.js";

interface TaskReplay {
  readonly result: ReplayResult;
  /** Each call τ²'s tools would refuse, with τ²'s text as the Keel outcome carries it. */
  readonly refused: { name: string; error: string }[];
}

const expected = loadExpectedDigests();
const replays = new Map<string, TaskReplay>();

beforeAll(async () => {
  const pristine = loadPristineDb();
  for (const task of loadTasks()) {
    const refused: TaskReplay["refused"] = [];
    const result = await replayTrajectory(policyTrajectory(task, pristine), {
      preHooks: retailPolicyHooks,
      onToolCall: ({ requested, outcome, decision }) => {
        if (outcome.kind === "success" || decision === "block") return;
        const text = outcome.kind === "empty" ? outcome.data : outcome.details;
        refused.push({ name: requested, error: String((text as { tau2_error?: unknown })?.tau2_error) });
      },
    });
    replays.set(task.id, { result, refused });
  }
}, 120_000);

describe("the gold replay against τ²'s own environment", () => {
  it("leaves τ²'s database after every one of the 114 tasks", () => {
    const differing = loadTasks()
      .map((task) => task.id)
      .filter((id) => replays.get(id)?.result.digest !== expected.digests[id]);
    expect(replays.size).toBe(114);
    expect(differing).toEqual([]);
  });

  it("covers the 74 train and 40 test tasks", () => {
    const splits = loadSplits();
    const equal = (ids: readonly string[]) =>
      ids.filter((id) => replays.get(id)?.result.digest === expected.digests[id]).length;
    expect([splits.train.length, equal(splits.train)]).toEqual([74, 74]);
    expect([splits.test.length, equal(splits.test)]).toEqual([40, 40]);
  });

  it("τ²'s tools refuse the gold calls τ² refuses, with τ²'s texts, wherever no hook stopped them first", () => {
    for (const task of loadTasks()) {
      const oracle = (expected.refused[task.id] ?? [])
        .filter(({ name }) => !DATABASE_WRITES.has(name) || !["64", "105"].includes(task.id))
        .map(({ name, error }) => ({ name, error }));
      expect({ task: task.id, refused: replays.get(task.id)?.refused }).toEqual({
        task: task.id,
        refused: oracle,
      });
    }
    const refusedWrites = Object.entries(expected.refused).flatMap(([id, calls]) =>
      calls.filter((call) => DATABASE_WRITES.has(call.name)).map(() => id),
    );
    expect(refusedWrites).toEqual(["64", "105"]);
  });

  it("without hooks, the two gold writes τ² refuses (tasks 64 and 105) are refused by the tools the same way", async () => {
    const pristine = loadPristineDb();
    const steps = await Promise.all(
      ["64", "105"].map(async (id) => {
        const { steps } = await replayTrajectory(policyTrajectory(taskById(id), pristine));
        return steps.find((step) => DATABASE_WRITES.has(step.name) && step.outcome === "error");
      }),
    );
    expect(steps).toMatchObject([
      { decision: "allow", category: "business", code: "ORDER_NOT_DELIVERED" },
      { decision: "allow", category: "business", code: "INSUFFICIENT_GIFT_CARD_BALANCE" },
    ]);
  });

  it("is stopped by no hook but on those two writes, which break the policy (0 false blocks)", () => {
    const stopped = [...replays.values()].flatMap(({ result }) =>
      result.steps
        .filter((step) => step.decision !== "allow")
        .map((step) => `${result.task_id}:${step.name}:${step.hook}:${step.code}`),
    );
    expect(stopped).toEqual([
      "64:exchange_delivered_order_items:order-status-precondition:ORDER_NOT_DELIVERED",
      "105:exchange_delivered_order_items:gift-card-covers-amount:GIFT_CARD_BALANCE_TOO_LOW",
    ]);
  });
});

describe("policyTrajectory", () => {
  it("authenticates the owner, reads the user and the order, and gets a yes before every write", () => {
    const pristine = loadPristineDb();
    for (const task of loadTasks()) {
      const { steps } = policyTrajectory(task, pristine);
      const calls = steps.flatMap((step) => ("calls" in step ? step.calls : []));
      steps.forEach((step, index) => {
        if (!("calls" in step) || !step.calls.some((call) => DATABASE_WRITES.has(call.name))) return;
        expect(steps[index - 1]).toEqual({ user: EXPLICIT_YES });
        const before = calls.slice(0, calls.indexOf(step.calls[0] as (typeof calls)[number]));
        const names = new Set(before.map((call) => call.name));
        expect(names.has("find_user_id_by_email") || names.has("find_user_id_by_name_zip")).toBe(true);
        expect(names.has("get_user_details")).toBe(true);
      });
    }
  });
});
