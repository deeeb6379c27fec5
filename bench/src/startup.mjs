import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.mjs";

/**
 * Issue 35 point 12: how long `keel route` takes to start beside `node -e 0`, measured side by side.
 * Each round runs every command once, in turn (alternating, so a busy machine slows all of them alike), and
 * times the whole child process from spawn to exit. Prints the median and fastest of each and the ratio of
 * the medians to `node -e 0`'s, with the load average before and after: on a busy machine every process
 * waits for a core alike, which pulls the ratio towards 1, so quote a run on a quiet one. Not a unit test: a
 * figure for bench/RESULTS.md.
 * Run: `pnpm turbo run build --filter keel...` then `node bench/src/startup.mjs [--runs N]` (default 21).
 */
const TARGET = 2.5;
const keel = fileURLToPath(new URL("../../apps/cli/bin/keel.js", import.meta.url));
if (!existsSync(fileURLToPath(new URL("../../apps/cli/dist/index.js", import.meta.url)))) {
  process.stderr.write("keel is not built: run `pnpm turbo run build --filter keel...` first.\n");
  process.exit(1);
}
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag === -1 ? 21 : Number(process.argv[runsFlag + 1]);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write("--runs takes a whole number of rounds, at least 1.\n");
  process.exit(2);
}

const COMMANDS = [
  { label: "node -e 0", args: ["-e", "0"] },
  { label: "keel --version", args: [keel, "--version"] },
  { label: 'keel route "check order #12345 status"', args: [keel, "route", "check order #12345 status"] },
];

/** Wall milliseconds of one child process, spawn to exit; a failed command stops the measurement. */
function time(args) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0) {
    process.stderr.write(`node ${args.join(" ")} exited ${child.status}: ${child.stderr}\n`);
    process.exit(1);
  }
  return elapsed;
}

const load = () => loadavg()[0]?.toFixed(2);
const loadBefore = load();
const samples = COMMANDS.map(() => []);
for (const command of COMMANDS) time(command.args); // warm the file cache once, unmeasured
for (let round = 0; round < runs; round += 1) {
  for (const [index, command] of COMMANDS.entries()) samples[index]?.push(time(command.args));
}

const floor = median(samples[0] ?? []);
const ms = (value) => `${Math.round(value)} ms`;
process.stdout.write(
  `${runs} alternating runs each, node ${process.version}, ${cpus().length} cores, load average ${loadBefore} before and ${load()} after\n\n`,
);
process.stdout.write("| command | median | fastest | median ÷ node -e 0 |\n| --- | ---: | ---: | ---: |\n");
for (const [index, command] of COMMANDS.entries()) {
  const values = samples[index] ?? [];
  const ratio = median(values) / floor;
  process.stdout.write(
    `| \`${command.label}\` | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ratio.toFixed(2)}× |\n`,
  );
}
const routeRatio = median(samples[2] ?? []) / floor;
process.stdout.write(
  `\nkeel route: ${routeRatio.toFixed(2)}× node -e 0 (target ≤ ${TARGET}×: ${routeRatio <= TARGET ? "met" : "not met"})\n`,
);
