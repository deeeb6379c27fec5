import { definePreHook, type PreToolHook } from "@keel/hooks";
import { databaseDigest } from "../db/digest.js";
import type { RetailDb } from "../db/retail-db.js";
import { retailPolicyHooks } from "../policy/policy-hooks.js";
import { replayTrajectory } from "../replay/replay-trajectory.js";
import type { StepRecord } from "../replay/trajectory.js";
import type { Mutation } from "./mutations.js";

/**
 * What became of the violating call: stopped by a Keel policy hook, refused by Keel's input validation (the
 * schema, before any hook), refused by τ²'s tool itself, REACHED the database (its digest differs from the one
 * just before the call), or ran and changed nothing.
 */
export type Fate = "hook" | "schema" | "tool" | "reached" | "unchanged";

/** `keel`: the policy hooks; `naive`: the same tools without them (what τ²'s own tools allow). */
export type Surface = "keel" | "naive";

export interface MutationResult {
  readonly rule: string;
  readonly violation: string;
  readonly task_id: string;
  readonly surface: Surface;
  readonly fate: Fate;
  /** The violating call's record, as the replay interface writes it. */
  readonly step: StepRecord | undefined;
}

/**
 * Replays a mutation on one surface. A probe hook, first in the list and always allowing, takes the database's
 * digest just before each call of the target tool runs (hooks run after validation, right before the tool),
 * so "reached the database" compares the state after the call with the state right before it.
 */
export async function runMutation(mutation: Mutation, surface: Surface): Promise<MutationResult> {
  let before: string | undefined;
  const probe = (db: RetailDb): PreToolHook =>
    definePreHook("pre-call-digest", (call) => {
      if (call.name === mutation.target) before = databaseDigest(db);
      return { action: "allow" };
    });
  const preHooks = (db: RetailDb) => [probe(db), ...(surface === "keel" ? retailPolicyHooks(db) : [])];
  const result = await replayTrajectory(mutation.trajectory, { preHooks });
  const step = result.steps.findLast((record) => record.name === mutation.target);
  return {
    rule: mutation.rule,
    violation: mutation.violation,
    task_id: mutation.trajectory.task_id,
    surface,
    fate: fateOf(step, before, result.digest),
    step,
  };
}

function fateOf(step: StepRecord | undefined, before: string | undefined, after: string): Fate {
  if (step === undefined) return "hook"; // never asked for: an earlier hold stopped the trajectory
  if (step.decision !== "allow") return "hook";
  if (before === undefined) return "schema"; // no hook ran: validation refused it first
  if (after !== before) return "reached";
  return step.outcome === "success" ? "unchanged" : "tool";
}

/** Per rule: cases and how many met each fate. */
export interface RuleTally {
  readonly rule: string;
  cases: number;
  hook: number;
  schema: number;
  tool: number;
  reached: number;
  unchanged: number;
}

export function tally(results: readonly MutationResult[], rules: readonly string[]): RuleTally[] {
  const rows = new Map(
    rules.map((rule) => [rule, { rule, cases: 0, hook: 0, schema: 0, tool: 0, reached: 0, unchanged: 0 }]),
  );
  for (const result of results) {
    const row = rows.get(result.rule);
    if (row === undefined) continue;
    row.cases += 1;
    row[result.fate] += 1;
  }
  return [...rows.values()];
}
