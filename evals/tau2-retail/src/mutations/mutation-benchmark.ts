import { loadPristineDb } from "../db/retail-db.js";
import { loadExpectedDigests, loadSplits, loadTasks } from "../gold/tasks.js";
import { DATABASE_WRITES } from "../policy/conversation-facts.js";
import { MUTATION_RULES, type Mutation, mutationsOf } from "./mutations.js";
import { type MutationResult, type RuleTally, runMutation, tally } from "./run-mutation.js";

/** The mutations of the tasks of a split (or of the given task ids). */
export function mutationsFor(taskIds: readonly string[]): Mutation[] {
  const refused = new Set(
    Object.entries(loadExpectedDigests().refused).flatMap(([id, calls]) =>
      calls.filter((entry) => DATABASE_WRITES.has(entry.name)).map((entry) => `${id}:${entry.name}`),
    ),
  );
  const db = loadPristineDb();
  const wanted = new Set(taskIds);
  return loadTasks()
    .filter((task) => wanted.has(task.id))
    .flatMap((task) => mutationsOf(task, db, refused));
}

export function splitTaskIds(split: "train" | "test" | "all"): readonly string[] {
  if (split === "all") return loadTasks().map((task) => task.id);
  return loadSplits()[split];
}

/** Every mutation on both surfaces, and the tally per rule for each. */
export async function runBenchmark(
  mutations: readonly Mutation[],
): Promise<{ results: MutationResult[]; keel: RuleTally[]; naive: RuleTally[] }> {
  const results: MutationResult[] = [];
  for (const mutation of mutations) {
    results.push(await runMutation(mutation, "keel"), await runMutation(mutation, "naive"));
  }
  const on = (surface: string) => results.filter((result) => result.surface === surface);
  return { results, keel: tally(on("keel"), MUTATION_RULES), naive: tally(on("naive"), MUTATION_RULES) };
}

/** The README table: per rule, Keel (hooks) and naive (no hooks) side by side. */
export function benchmarkTable(keel: readonly RuleTally[], naive: readonly RuleTally[]): string {
  const head =
    "| rule broken | cases | Keel: hook | Keel: schema | Keel: tool | Keel: **reached db** | Keel: ran, no change | naive: schema | naive: tool | naive: **reached db** | naive: ran, no change |\n" +
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  const rows = keel.map((row, index) => {
    const other = naive[index]!;
    return `| ${row.rule} | ${row.cases} | ${row.hook} | ${row.schema} | ${row.tool} | **${row.reached}** | ${row.unchanged} | ${other.schema} | ${other.tool} | **${other.reached}** | ${other.unchanged} |`;
  });
  const sum = (rows: readonly RuleTally[], key: keyof Omit<RuleTally, "rule">) =>
    rows.reduce((total, row) => total + row[key], 0);
  rows.push(
    `| **all** | ${sum(keel, "cases")} | ${sum(keel, "hook")} | ${sum(keel, "schema")} | ${sum(keel, "tool")} | **${sum(keel, "reached")}** | ${sum(keel, "unchanged")} | ${sum(naive, "schema")} | ${sum(naive, "tool")} | **${sum(naive, "reached")}** | ${sum(naive, "unchanged")} |`,
  );
  return [head, ...rows].join("\n");
}
