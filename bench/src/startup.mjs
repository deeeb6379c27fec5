import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.mjs";

/**
 * Issue 35 point 12: how long `keel route` takes to start beside `node -e 0`, measured side by side.
 * Each round runs every command in turn (alternating, so a busy machine slows all of them alike), twice: once
 * timed from spawn to exit (wall), once under bash's `times` for the CPU it used (user + system, its threads
 * included). Prints the medians, the fastest wall time and the ratios to `node -e 0`. On a busy machine
 * every process also waits for a core, which pulls the wall ratio towards 1; the CPU ratio hardly moves, so
 * it tells whether a wall figure was flattered. The load average is printed before and after.
 * Not a unit test: a figure for bench/RESULTS.md.
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

/** Runs a child to its end; a failed command stops the measurement. */
function spawnChecked(file, args) {
  const child = spawnSync(file, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (child.status !== 0) {
    process.stderr.write(`${file} ${args.join(" ")} exited ${child.status}: ${child.stderr}\n`);
    process.exit(1);
  }
  return child.stdout;
}

/** Wall milliseconds of one `node ARGS`, spawn to exit. */
function wall(args) {
  const started = process.hrtime.bigint();
  spawnChecked(process.execPath, args);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** CPU milliseconds (user + system) of one `node ARGS`: the children's line of bash's `times`. */
function cpu(args) {
  const script = '"$0" "$@" >/dev/null || exit; times';
  const children = spawnChecked("bash", ["-c", script, process.execPath, ...args])
    .trim()
    .split("\n")[1];
  const seconds = [...(children ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map(
    ([, minutes, rest]) => Number(minutes) * 60 + Number(rest),
  );
  if (seconds.length !== 2) throw new Error(`bash times printed ${JSON.stringify(children)}`);
  return ((seconds[0] ?? 0) + (seconds[1] ?? 0)) * 1000;
}

const load = () => loadavg()[0]?.toFixed(2);
const loadBefore = load();
const samples = COMMANDS.map(() => ({ wall: [], cpu: [] }));
for (const command of COMMANDS) wall(command.args); // warm the file cache once, unmeasured
for (let round = 0; round < runs; round += 1) {
  for (const [index, command] of COMMANDS.entries()) {
    samples[index]?.wall.push(wall(command.args));
    samples[index]?.cpu.push(cpu(command.args));
  }
}

const ms = (value) => `${Math.round(value)} ms`;
const ratio = (index, kind) => median(samples[index]?.[kind] ?? []) / median(samples[0]?.[kind] ?? []);
process.stdout.write(
  `${runs} alternating runs each, node ${process.version}, ${cpus().length} cores, load average ${loadBefore} before and ${load()} after\n\n`,
);
process.stdout.write(
  "| command | wall median | wall fastest | wall ÷ node -e 0 | CPU median | CPU ÷ node -e 0 |\n" +
    "| --- | ---: | ---: | ---: | ---: | ---: |\n",
);
for (const [index, command] of COMMANDS.entries()) {
  const { wall: walls = [], cpu: cpus = [] } = samples[index] ?? {};
  process.stdout.write(
    `| \`${command.label}\` | ${ms(median(walls))} | ${ms(Math.min(...walls))} | ${ratio(index, "wall").toFixed(2)}× | ${ms(median(cpus))} | ${ratio(index, "cpu").toFixed(2)}× |\n`,
  );
}
const routeRatio = ratio(2, "wall");
process.stdout.write(
  `\nkeel route: ${routeRatio.toFixed(2)}× node -e 0 wall, ${ratio(2, "cpu").toFixed(2)}× CPU (target ≤ ${TARGET}× wall: ${routeRatio <= TARGET ? "met" : "not met"})\n`,
);
