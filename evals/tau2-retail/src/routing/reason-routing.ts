import { route } from "@keel/tools";
import { loadPristineDb } from "../db/retail-db.js";
import { loadSplits, loadTasks } from "../gold/tasks.js";
import { DATABASE_WRITES } from "../policy/conversation-facts.js";
import { createRetailTools } from "../tools/create-retail-tools.js";

/** How the router's answer compares with the task's first gold write. */
export type RoutingVerdict = "correct" | "ambiguous" | "none" | "other-write" | "read";

export interface TaskRouting {
  readonly task_id: string;
  readonly expected: string;
  readonly routed: string | null;
  readonly ambiguous: readonly string[] | null;
  readonly verdict: RoutingVerdict;
}

/**
 * The library's `route` on each task's reason_for_call, against the first database write of its gold actions
 * (tasks without a write are left out). A different write tool is the unsafe answer; a read is not a write.
 */
export function routeReasons(): TaskRouting[] {
  const tools = createRetailTools(loadPristineDb());
  return loadTasks().flatMap((task) => {
    const expected = (task.evaluation_criteria.actions ?? []).find((action) =>
      DATABASE_WRITES.has(action.name),
    );
    if (expected === undefined) return [];
    const answer = route(task.user_scenario.instructions.reason_for_call, tools);
    const verdict: RoutingVerdict =
      answer.tool === expected.name
        ? "correct"
        : answer.ambiguous !== null
          ? "ambiguous"
          : answer.tool === null
            ? "none"
            : DATABASE_WRITES.has(answer.tool)
              ? "other-write"
              : "read";
    return [
      {
        task_id: task.id,
        expected: expected.name,
        routed: answer.tool,
        ambiguous: answer.ambiguous,
        verdict,
      },
    ];
  });
}

/** The README table: per split, tasks with a write and each verdict. */
export function routingTable(routings: readonly TaskRouting[]): string {
  const splits = loadSplits();
  const row = (name: string, ids: readonly string[]) => {
    const inSplit = routings.filter((routing) => ids.includes(routing.task_id));
    const count = (verdict: RoutingVerdict) =>
      inSplit.filter((routing) => routing.verdict === verdict).length;
    return `| ${name} | ${inSplit.length} | ${count("correct")} | ${count("ambiguous")} | ${count("none")} | ${count("read")} | **${count("other-write")}** |`;
  };
  return [
    "| split | tasks with a write | correct (first gold write) | AMBIGUOUS | none | a read tool | a DIFFERENT write tool (unsafe) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    row("train", splits.train),
    row("test", splits.test),
  ].join("\n");
}
