import { parseArgs } from "node:util";
import { benchmarkTable, mutationsFor, runBenchmark, splitTaskIds } from "./mutation-benchmark.js";

export const MUTATION_HELP = `Generate policy violations from the gold trajectories, rule by rule, and replay each with Keel's
policy hooks and without them (naive). Prints a Markdown table per split.

Usage: node evals/tau2-retail/bin/mutations.mjs [--split train|test|all] [--json]

  --split   the tasks to mutate (default: test)
  --json    one JSON line per mutation and surface: {"rule","violation","task_id","surface","fate","step"}
  -h, --help  this help

Exit codes: 0 the benchmark ran (violations that reach the database are reported, not failures), 2 usage error.
`;

/** The mutation benchmark command; returns the exit code. */
export async function mutationMain(argv: readonly string[], io = process): Promise<number> {
  let values: { split?: string | undefined; json?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        split: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr.write(
      `mutations: ${error instanceof Error ? error.message : String(error)}\n\n${MUTATION_HELP}`,
    );
    return 2;
  }
  if (values.help) {
    io.stdout.write(MUTATION_HELP);
    return 0;
  }
  const split = values.split ?? "test";
  if (split !== "train" && split !== "test" && split !== "all") {
    io.stderr.write(`mutations: --split is train, test or all, not "${split}"\n`);
    return 2;
  }
  const { results, keel, naive } = await runBenchmark(mutationsFor(splitTaskIds(split)));
  if (values.json) for (const result of results) io.stdout.write(`${JSON.stringify(result)}\n`);
  else io.stdout.write(`Split ${split}\n\n${benchmarkTable(keel, naive)}\n`);
  return 0;
}
