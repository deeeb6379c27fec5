import { readFileSync } from "node:fs";

/** One gold action of a τ² task: a tool call with its arguments. */
export interface GoldAction {
  readonly action_id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** The parts of a τ² retail task this package reads. */
export interface Tau2Task {
  readonly id: string;
  readonly user_scenario: { readonly instructions: { readonly reason_for_call: string } };
  readonly initial_state: unknown;
  readonly evaluation_criteria: { readonly actions: readonly GoldAction[] | null };
}

/** What the oracle (τ²'s own Python tools) left: a digest per task and the gold calls τ² refused. */
export interface ExpectedDigests {
  readonly pristine: string;
  readonly digests: Readonly<Record<string, string>>;
  readonly refused: Readonly<Record<string, readonly { index: number; name: string; error: string }[]>>;
}

const data = (file: string) => new URL(`../../data/${file}`, import.meta.url);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(data(file), "utf8")) as T;

let tasks: readonly Tau2Task[] | undefined;

/** The 114 retail tasks of tasks.json, in file order. */
export function loadTasks(): readonly Tau2Task[] {
  tasks ??= readJson<Tau2Task[]>("tasks.json");
  return tasks;
}

/** The task with this id; throws for an unknown id (a caller's mistake). */
export function taskById(id: string): Tau2Task {
  const task = loadTasks().find((candidate) => candidate.id === id);
  if (task === undefined) throw new Error(`There is no τ² retail task "${id}".`);
  return task;
}

/** split_tasks.json: task ids of the train and test splits (and base, all of them). */
export function loadSplits(): { readonly train: readonly string[]; readonly test: readonly string[] } {
  return readJson("split_tasks.json");
}

export function loadExpectedDigests(): ExpectedDigests {
  return readJson("expected-digests.json");
}

/** The retail policy, verbatim: the agent's system prompt. */
export function loadPolicy(): string {
  return readFileSync(data("policy.md"), "utf8");
}
