import { table } from "../markdown-table.js";
import { type DurableSoakReport, SOAK_LEASE_SECONDS } from "./run-durable-soak.js";

const NAMES = { postgres: "PostgreSQL", pglite: "PGlite" } as const;
const ok = (violations: number) => (violations === 0 ? "✔ no violation" : `✘ ${violations} violation(s)`);

/** The durable soak's rows of the summary table. */
export function durableSoakRows(reports: readonly DurableSoakReport[]): (string | number)[][] {
  return reports.map((report) => [
    `8. durable runs (${report.store})`,
    `${report.runs} queued runs, ${report.workers} worker(s), ${report.kills} SIGKILLs`,
    ok(report.violations.length),
  ]);
}

/** Section 8 of RELIABILITY.md: the durable soak on each store it ran on. */
export function durableSoakSection(reports: readonly DurableSoakReport[]): string {
  const violations = reports.flatMap((report) => report.violations);
  const column = (figure: (report: DurableSoakReport) => string | number) => reports.map(figure);
  return [
    `## 8. Durable runs under SIGKILL (issue 32) — ${ok(violations.length)}`,
    "",
    "Queued runs (`KEEL_SOAK_DURABLE_RUNS`), each a lookup and two refunds in one turn and then the answer,",
    "against the fake Messages API (`@keel/testkit`, over HTTP) at 50–300 ms a response; worker processes",
    `(\`reliability/src/durable-soak/soak-worker.mjs\`) of concurrency 4, lease ${SOAK_LEASE_SECONDS} s and a 1 s monitor; one`,
    "worker SIGKILLed as soon as a run is held, then a random one 2–5 s (seeded) after the last restarted worker is up",
    "(each restarted at once; on a loaded machine a worker killed before it starts would let no run finish).",
    "PostgreSQL: 4 workers on a throwaway database (needs DATABASE_URL). PGlite: 1 worker; the soak owns the",
    "folder and the worker reaches it through the socket. The refunds go to a ledger table keyed by the call's",
    "idempotency key: a write under a new key for the same run would show as a third ledger row for that run.",
    "",
    table(
      ["figure", ...reports.map((report) => `${NAMES[report.store]}, ${report.workers} worker(s)`)],
      [
        [
          "runs completed / queued",
          ...column((report) => `${report.statuses.completed ?? 0} / ${report.runs}`),
        ],
        ["wall time", ...column((report) => `${report.seconds} s`)],
        ["SIGKILLs", ...column((report) => report.kills)],
        [
          "runs taken again after a kill (attempts beyond the first)",
          ...column((r) => r.attemptsBeyondFirst),
        ],
        [
          "writes applied twice (a run with more than its 2 ledger rows)",
          ...column((report) => `**${report.writesAppliedTwice}**`),
        ],
        ["writes repeated under their key, answered `duplicate`", ...column((r) => r.duplicatesAnswered)],
        [
          "model requests served / repeated (same run, same turn)",
          ...column((report) => `${report.modelRequests} / ${report.repeatedModelRequests}`),
        ],
        ["bound: runs taken again (one request in flight each)", ...column((report) => report.repeatedBound)],
        [
          "runs taken again beyond kills × concurrency (a live worker's lease lost)",
          ...column((report) => report.takenBeyondKills),
        ],
        [
          "repeated requests reported in the runs' `usage.repeated_requests`",
          ...column((r) => r.repeatedReportedInUsage),
        ],
        ["jobs left active (leased by a dead worker)", ...column((report) => report.leftLeased)],
      ],
    ),
    "",
    "`usage.repeated_requests` counts a request that was in flight at the crash, from the checkpoint: it also",
    "counts one that never reached the server, and a request repeated by a second crash before the next",
    "checkpoint counts once. The crash boundaries themselves are tested in `pnpm test`",
    "(`packages/durable-runs/src/crash-resume.test.ts`), and the soak's small form too",
    "(`reliability/src/durable-soak/durable-soak.test.ts`).",
    ...(violations.length > 0 ? ["", ...violations.map((violation) => `- ${violation}`)] : []),
  ].join("\n");
}
