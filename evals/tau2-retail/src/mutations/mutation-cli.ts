import { type Io, readBinOptions } from "../cli.js";
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
export async function mutationMain(argv: readonly string[], io: Io = process): Promise<number> {
  const read = readBinOptions(
    "mutations",
    argv,
    { split: { type: "string" }, json: { type: "boolean" } },
    MUTATION_HELP,
    io,
  );
  if ("exit" in read) return read.exit;
  const { values } = read;
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
