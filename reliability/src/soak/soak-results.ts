import type { ApprovalResumeReport } from "../approvals/run-approval-resume.js";
import type { CrashSafetyReport } from "../crash-safety/run-crash-safety.js";
import type { DurableSoakReport } from "../durable-soak/run-durable-soak.js";
import type { FaultSoakReport } from "../fault-soak/run-fault-soak.js";
import type { HostileReport } from "../hostile/run-hostile-corpus.js";
import type { LoadReport } from "../load/run-load.js";
import type { PropertyReport } from "../properties/run-properties.js";
import type { Sizes } from "../sizes.js";
import type { StoreRulesReport } from "../store-rules/run-store-rules.js";

/** Everything one `pnpm soak` measured, for RELIABILITY.md. */
export interface SoakResults {
  readonly sizes: Sizes;
  readonly startedAt: string;
  readonly durationSeconds: number;
  readonly machine: {
    readonly node: string;
    readonly cpus: number;
    readonly cpuModel: string;
    readonly platform: string;
  };
  readonly commit: string;
  readonly postgres: boolean;
  readonly faultSoak: readonly FaultSoakReport[];
  readonly crash: CrashSafetyReport;
  readonly hostile: HostileReport;
  readonly properties: readonly PropertyReport[];
  readonly load: readonly LoadReport[];
  readonly storeRules: StoreRulesReport;
  /** Undefined without DATABASE_URL. */
  readonly approvals: ApprovalResumeReport | undefined;
  /** The durable soak: PGlite, and PostgreSQL with DATABASE_URL. */
  readonly durable: readonly DurableSoakReport[];
  /** Whether a freezable PostgreSQL (KEEL_FREEZABLE_DATABASE_URL) was given. */
  readonly freezable: boolean;
}

/** Every violation of every check, one line each: empty when the soak is green. */
export function allViolations(results: SoakResults): string[] {
  return [
    ...results.faultSoak.flatMap((report) =>
      report.violations.map((violation) => `fault soak (${report.store}): ${violation}`),
    ),
    ...results.crash.violations.map((violation) => `crash safety: ${violation}`),
    ...results.hostile.failures.map((failure) => `hostile ${failure.id}: ${failure.mismatches.join("; ")}`),
    ...(results.hostile.serverSurvived
      ? []
      : ["hostile: the MCP server did not stop cleanly or logged its token"]),
    ...results.properties
      .filter((report) => report.failed)
      .map((report) => `property "${report.name}": ${report.counterexample}`),
    ...results.load.flatMap((report) => [
      ...report.unintendedSamples.map((sample) => `load (${report.store}): unintended ${sample}`),
      ...(report.healthyAfter ? [] : [`load (${report.store}): the server was not healthy afterwards`]),
    ]),
    ...results.storeRules.violations.map((violation) => `store rules: ${violation}`),
    ...(results.approvals?.violations ?? []).map((violation) => `approval resume: ${violation}`),
    ...results.durable.flatMap((report) =>
      report.violations.map((violation) => `durable soak (${report.store}): ${violation}`),
    ),
  ];
}
