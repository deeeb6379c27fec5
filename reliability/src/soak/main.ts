import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ApprovalResumeReport, runApprovalResume } from "../approvals/run-approval-resume.js";
import { runCrashSafety } from "../crash-safety/run-crash-safety.js";
import { type DurableSoakReport, runDurableSoak } from "../durable-soak/run-durable-soak.js";
import { type FaultSoakReport, runFaultSoak } from "../fault-soak/run-fault-soak.js";
import { runHostileCorpus } from "../hostile/run-hostile-corpus.js";
import { runLoad } from "../load/run-load.js";
import { runLoopProperties } from "../properties/run-properties.js";
import { readSizes } from "../sizes.js";
import { runStoreRules } from "../store-rules/run-store-rules.js";
import { renderReport } from "./render-report.js";
import { allViolations, type SoakResults } from "./soak-results.js";

/** The repository root, from reliability/dist/soak/main.js (or src/soak when run from source). */
const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const log = (message: string) => process.stderr.write(`soak: ${message}\n`);

/** The commit measured: KEEL_SOAK_COMMIT (for a soak run in an exported tree), else git's HEAD. */
function commit(): string {
  if (process.env.KEEL_SOAK_COMMIT) return process.env.KEEL_SOAK_COMMIT;
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: REPOSITORY,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
}

/** Below this line RELIABILITY.md holds checks run by their own commands: a soak keeps them as they are. */
const KEPT_MARKER = "<!-- Run by their own commands (each section names it); pnpm soak keeps them. -->";

/** The kept sections of the current report, marker included; "" when it has none. */
async function keptSections(path: string): Promise<string> {
  const current = await readFile(path, "utf8").catch(() => "");
  const at = current.indexOf(KEPT_MARKER);
  return at === -1 ? "" : `\n${current.slice(at)}`;
}

/** `pnpm soak`: every check at full size, RELIABILITY.md written; exit 1 when any invariant broke. */
async function main(): Promise<number> {
  const sizes = readSizes("full");
  const started = performance.now();
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const databaseUrl = process.env.DATABASE_URL || undefined;
  log(`sizes ${JSON.stringify(sizes)}`);
  const faultSoak: FaultSoakReport[] = [];
  log(`1. fault soak on PGlite: ${sizes.soakRuns} runs`);
  faultSoak.push(await runFaultSoak({ runs: sizes.soakRuns, concurrency: sizes.soakConcurrency }));
  if (databaseUrl) {
    log(`1. fault soak on PostgreSQL: ${sizes.soakRuns} runs`);
    faultSoak.push(
      await runFaultSoak({
        runs: sizes.soakRuns,
        concurrency: sizes.soakConcurrency,
        store: { kind: "postgres", databaseUrl },
      }),
    );
  }
  log(`2. crash safety: ${sizes.crashCycles} cycles, ${sizes.crashClients} clients`);
  const crash = await runCrashSafety({
    cycles: sizes.crashCycles,
    clients: sizes.crashClients,
    killAfterAcknowledged: [40, 160],
  });
  log("3. hostile input corpus");
  const hostile = await runHostileCorpus();
  log(`4. loop properties: ${sizes.propertyRuns} runs each`);
  const properties = await runLoopProperties(sizes.propertyRuns);
  log(`5. load: ${sizes.loadClients} clients, ${sizes.loadSeconds} s per store`);
  const load = [
    await runLoad({ clients: sizes.loadClients, seconds: sizes.loadSeconds, store: "memory" }),
    await runLoad({ clients: sizes.loadClients, seconds: sizes.loadSeconds, store: "pglite" }),
  ];
  const freezableUrl = process.env.KEEL_FREEZABLE_DATABASE_URL || undefined;
  log("6. business rules across processes (replicas, one PGlite owner, a frozen PostgreSQL)");
  const storeRules = await runStoreRules({ databaseUrl, freezableUrl });
  let approvals: ApprovalResumeReport | undefined;
  if (databaseUrl) {
    log(
      `7. approval resume: ${sizes.approvalRuns} held refunds, ${sizes.approvalRacers} processes racing on each`,
    );
    approvals = await runApprovalResume({
      databaseUrl,
      heldRuns: sizes.approvalRuns,
      racersPerTicket: sizes.approvalRacers,
      concurrency: Math.max(2, cpus().length * 2),
    });
  }
  const durable: DurableSoakReport[] = [];
  if (databaseUrl) {
    log(`8. durable soak on PostgreSQL: ${sizes.durableRuns} runs, 4 workers`);
    durable.push(
      await runDurableSoak({ store: "postgres", databaseUrl, runs: sizes.durableRuns, workers: 4 }),
    );
  }
  log(`8. durable soak on PGlite: ${sizes.durableRuns} runs, 1 worker`);
  durable.push(await runDurableSoak({ store: "pglite", runs: sizes.durableRuns, workers: 1 }));
  const results: SoakResults = {
    sizes,
    startedAt,
    durationSeconds: Math.round((performance.now() - started) / 1000),
    machine: {
      node: process.versions.node,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
      platform: `${process.platform}/${process.arch}`,
    },
    commit: commit(),
    postgres: databaseUrl !== undefined,
    faultSoak,
    crash,
    hostile,
    properties,
    load,
    storeRules,
    approvals,
    durable,
    freezable: freezableUrl !== undefined,
  };
  const path = process.env.KEEL_SOAK_REPORT || join(REPOSITORY, "RELIABILITY.md");
  await writeFile(path, renderReport(results) + (await keptSections(path)));
  const violations = allViolations(results);
  log(
    `wrote ${path}: ${violations.length === 0 ? "every invariant held" : `${violations.length} violation(s)`}`,
  );
  for (const violation of violations.slice(0, 20)) log(`  ${violation}`);
  return violations.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `soak: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
