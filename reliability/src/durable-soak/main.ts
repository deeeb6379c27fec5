import { readSizes } from "../sizes.js";
import { durableSoakSection } from "./render-durable-soak.js";
import { type DurableSoakReport, runDurableSoak } from "./run-durable-soak.js";

/**
 * `pnpm --filter @keel/reliability soak:durable`: the durable soak alone at its `pnpm soak` size (PostgreSQL
 * with DATABASE_URL, then PGlite), section 8 of RELIABILITY.md on stdout; exit 1 on a violation.
 */
const sizes = readSizes("full");
const reports: DurableSoakReport[] = [];
const databaseUrl = process.env.DATABASE_URL || undefined;
if (databaseUrl) {
  process.stderr.write(`durable soak on PostgreSQL: ${sizes.durableRuns} runs, 4 workers\n`);
  reports.push(await runDurableSoak({ store: "postgres", databaseUrl, runs: sizes.durableRuns, workers: 4 }));
  process.stderr.write(`${JSON.stringify(reports.at(-1))}\n`);
}
process.stderr.write(`durable soak on PGlite: ${sizes.durableRuns} runs, 1 worker\n`);
reports.push(await runDurableSoak({ store: "pglite", runs: sizes.durableRuns, workers: 1 }));
process.stderr.write(`${JSON.stringify(reports.at(-1))}\n`);
process.stdout.write(`${durableSoakSection(reports)}\n`);
process.exit(reports.some((report) => report.violations.length > 0) ? 1 : 0);
