import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { costBench } from "./benches/cost.mjs";
import { inProcessGrowthBench } from "./benches/in-process-growth.mjs";
import { loopOverheadBench } from "./benches/loop-overhead.mjs";
import { mcpThroughputBench } from "./benches/mcp-throughput.mjs";
import { parallelToolsBench } from "./benches/parallel-tools.mjs";
import { streamingEagerBench } from "./benches/streaming-eager.mjs";
import { tokensResentBench } from "./benches/tokens-resent.mjs";
import { durableBench } from "./durable/durable-bench.mjs";
import { barChartSvg } from "./lib/chart.mjs";
import { describeMachine } from "./lib/machine.mjs";
import { resultsMarkdown } from "./lib/report.mjs";
import { startServerProcess } from "./lib/server-control.mjs";

/**
 * `pnpm bench`: runs the benches (9, the durable runs', needs DATABASE_URL) and writes bench/RESULTS.md and bench/results-chart.svg.
 * `--smoke`: tiny sizes, writes to a temporary directory, and fails unless every bench produced finite
 * numbers (no timing thresholds). `--only=1,3` runs a subset (results still go to RESULTS.md).
 */
/** Below this line RESULTS.md holds sections measured by their own commands: a run keeps them as they are. */
const KEPT_MARKER = "<!-- Measured by their own commands (each section names it); pnpm bench keeps them. -->";

/** The kept sections of the current RESULTS.md, marker included; "" when it has none. */
function keptSections(file) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const at = current.indexOf(KEPT_MARKER);
  return at === -1 ? "" : `\n${current.slice(at)}`;
}

const args = process.argv.slice(2);
const smoke = args.includes("--smoke");
const only = args
  .find((arg) => arg.startsWith("--only="))
  ?.slice(7)
  .split(",");
const BENCH_DIR = fileURLToPath(new URL("../", import.meta.url));
const CHART_FILE = "results-chart.svg";

/** @type {Array<[string, (context: import("./lib/labels.mjs").BenchContext) => Promise<import("./lib/labels.mjs").Section>]>} */
const BENCHES = [
  ["1", loopOverheadBench],
  ["2", inProcessGrowthBench],
  ["3", streamingEagerBench],
  ["4", parallelToolsBench],
  ["5", mcpThroughputBench],
  ["6", tokensResentBench],
  ["7", costBench],
  ["9", durableBench],
];

const startedAt = new Date();
const started = performance.now();
const machine = describeMachine();
/** @type {import("./lib/server-control.mjs").ServerProcess | undefined} */
let server;
/** @type {import("./lib/labels.mjs").BenchContext} */
const context = {
  smoke,
  server: async () => {
    server ??= await startServerProcess();
    return server;
  },
  progress: (line) => process.stderr.write(`  ${line}\n`),
};

/** @type {import("./lib/labels.mjs").Section[]} */
const sections = [];
const failures = [];
try {
  for (const [id, bench] of BENCHES) {
    if (only && !only.includes(id)) continue;
    process.stderr.write(`bench ${id}${smoke ? " (smoke)" : ""}\n`);
    const benchStarted = performance.now();
    try {
      sections.push(await bench(context));
    } catch (error) {
      failures.push(
        `bench ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sections.push({
        id,
        title: `${id}. (failed)`,
        body: ["The bench failed; see the console output of `pnpm bench`."],
        checks: [],
        charts: [],
        numbers: {},
      });
    }
    process.stderr.write(`bench ${id} done in ${((performance.now() - benchStarted) / 1000).toFixed(1)} s\n`);
  }
} finally {
  await server?.close();
}

const seconds = (performance.now() - started) / 1000;
const outputDir = smoke ? path.join(os.tmpdir(), "keel-bench-smoke") : BENCH_DIR;
mkdirSync(outputDir, { recursive: true });
const markdown = resultsMarkdown({
  machine,
  loadAfter: os.loadavg(),
  sections,
  seconds,
  chartFile: CHART_FILE,
  startedAt,
});
const panels = sections.flatMap((section) => section.charts);
writeFileSync(
  path.join(outputDir, "RESULTS.md"),
  markdown + keptSections(path.join(BENCH_DIR, "RESULTS.md")),
);
writeFileSync(
  path.join(outputDir, CHART_FILE),
  barChartSvg(panels, "Keel beside the alternatives: medians, whiskers min–max, Keel in orange"),
);
process.stderr.write(`wrote ${path.join(outputDir, "RESULTS.md")} in ${seconds.toFixed(1)} s\n`);

if (smoke) {
  for (const section of sections) {
    const values = Object.entries(section.numbers);
    if (section.skipped) continue;
    if (values.length === 0) failures.push(`bench ${section.id}: produced no numbers`);
    for (const [name, value] of values) {
      if (!Number.isFinite(value)) failures.push(`bench ${section.id}: ${name} is ${value}`);
    }
  }
  const count = sections.reduce((total, section) => total + Object.keys(section.numbers).length, 0);
  if (failures.length === 0)
    console.log(`smoke: ${sections.length} benches produced ${count} finite numbers`);
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exitCode = 1;
}
