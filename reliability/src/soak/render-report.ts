import { durableSoakRows, durableSoakSection } from "../durable-soak/render-durable-soak.js";
import type { FaultSoakReport } from "../fault-soak/run-fault-soak.js";
import type { LoadReport } from "../load/run-load.js";
import { table } from "../markdown-table.js";
import type { LatencySummary } from "../stats.js";
import { codesOf, type RaceReport } from "../store-rules/run-store-rules.js";
import { allViolations, type SoakResults } from "./soak-results.js";

const histogram = (counts: Record<string, number>, what: string) =>
  table(
    [what, "count"],
    Object.entries(counts).map(([key, count]) => [`\`${key}\``, count]),
  );
const latency = (summary: LatencySummary) => `${summary.p50} / ${summary.p99} / ${summary.max}`;
const ok = (violations: number) => (violations === 0 ? "✔ no violation" : `✘ ${violations} violation(s)`);
const percent = (part: number, whole: number) =>
  whole === 0 ? "0%" : `${((100 * part) / whole).toFixed(1)}%`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const STORE_NAMES = { pglite: "PGlite", postgres: "PostgreSQL", memory: "In memory" } as const;

function faultSoakSection(report: FaultSoakReport): string {
  const { ledger } = report;
  return [
    `### ${STORE_NAMES[report.store]}: ${report.runs} runs, ${report.concurrency} at a time, seed ${report.seed} (${(report.durationMs / 1000).toFixed(1)} s) — ${ok(report.violations.length)}`,
    "",
    table(
      ["figure", "value"],
      [
        [
          "statuses",
          Object.entries(report.statuses)
            .map(([status, count]) => `${status} ${count}`)
            .join(", "),
        ],
        ["HTTP requests to the fake Messages API", report.modelHttpRequests],
        [
          "faults injected by the fake API",
          Object.values(report.modelFaults).reduce((sum, count) => sum + count, 0),
        ],
        ["model requests retried (SDK and stream retries, from the trace)", report.modelRetries],
        [
          "store calls / transient store faults",
          `${report.storeCalls} / ${report.storeFaults} (${percent(report.storeFaults, report.storeCalls)})`,
        ],
        ["tool calls retried by the loop", report.toolRetries],
        [
          "backoff asked for (waits capped at 2 ms in the soak)",
          `${(report.backoffRequestedMs / 1000).toFixed(1)} s`,
        ],
        ["refunds in the ledger", ledger.ledgerRefunds],
        ["refunds acknowledged to a run", ledger.acknowledged],
        ["answers that returned an earlier refund (`duplicate: true`)", ledger.duplicateAnswers],
        ["refunds committed whose every answer was lost (timeouts)", ledger.committedUnacknowledged],
        ["orders refunded in full", ledger.ordersFullyRefunded],
        ["largest refund paid", dollars(ledger.largestRefundCents)],
        ["tickets opened (redirects, escalations)", report.tickets],
        [
          'answers given after an outage / of those saying "not found"',
          `${report.outageAnswers} / ${report.outageAnswersClaimingNotFound}`,
        ],
        ['answers saying "not found" after a genuine not-found', report.genuineNotFoundAnswers],
        ["latency p50 / p99 / max, ms: run", latency(report.latency.run)],
        ["… model response (stream complete)", latency(report.latency.modelResponse)],
        ["… tool call (hooks + store, retries included)", latency(report.latency.toolCall)],
        [
          "soak process memory: store open → first tenth of the runs → end (RSS; heap used after a GC)",
          `${report.memory.before.rssMiB} → ${report.memory.warm.rssMiB} → ${report.memory.after.rssMiB} MiB; ${report.memory.before.heapUsedMiB} → ${report.memory.warm.heapUsedMiB} → ${report.memory.after.heapUsedMiB} MiB`,
        ],
      ],
    ),
    "",
    "<details><summary>scenarios and injected model faults</summary>",
    "",
    histogram(report.scenarios, "scenario"),
    "",
    histogram(report.modelFaults, "fault"),
    "",
    "</details>",
    ...(report.violations.length > 0
      ? ["", "Violations:", "", ...report.violations.slice(0, 50).map((violation) => `- ${violation}`)]
      : []),
  ].join("\n");
}

function loadRow(report: LoadReport): (string | number)[] {
  const rss = report.serverRssMiB;
  return [
    report.store,
    report.clients,
    report.seconds,
    report.requests,
    report.requestsPerSecond,
    report.unintended,
    latency(report.latency),
    `${rss.before ?? "?"} → ${rss.warm ?? "?"} → ${rss.after ?? "?"} (samples ${report.rssSamplesMiB.map((sample) => sample ?? "?").join(", ")})`,
    report.healthyAfter ? "yes" : "no",
  ];
}

function storeRulesSection(results: SoakResults): string {
  const { races, freeze, violations } = results.storeRules;
  const raceRow = (race: RaceReport) => [
    race.store === "postgres"
      ? `${race.processes} keel-mcp replicas over one PostgreSQL`
      : "one keel-mcp owning a PGlite folder",
    race.answers.length,
    dollars(race.paidCents),
    `${race.tickets}`,
    codesOf(race.answers).every((code) => code === "success") ? "none" : codesOf(race.answers).join(", "),
  ];
  return [
    `## 6. Business rules across processes — ${ok(violations.length)}`,
    "",
    "The $500 automatic-refund limit is the store's, in the transaction that records the refund, so it holds",
    "whichever process asks. Each row splits and races refunds of one $750 order over stateless HTTP (no run",
    "history, so the hook cannot add them up): $375, then $375 on another process, then ten $100 refunds at once",
    "spread over the processes, each with its own idempotency key. Automatic refunds may total at most $500; the",
    "one arrangement that fits is $375 + $100, and every other refund must become a `refund_over_limit` ticket.",
    "",
    table(["where", "refunds asked", "paid automatically", "tickets", "error answers"], races.map(raceRow)),
    "",
    ...races.flatMap((race) =>
      race.keyReuse
        ? [
            `One idempotency key reused across the replicas: $10 paid on the first (${codesOf([race.keyReuse.paid])[0]}), then $20`,
            `under the same key on the last: answered \`${codesOf([race.keyReuse.reused])[0]}\`; the order's ledger holds ${race.keyReuse.paidCents.map(dollars).join(", ")}.`,
            "",
          ]
        : [],
    ),
    "Two processes on one PGlite folder: while keel-mcp owned it, `keel tickets` on the folder exited " +
      `${results.storeRules.handover.refused.code} (${results.storeRules.handover.refused.stderr.includes(`pid ${results.storeRules.handover.ownerPid}`) ? "naming the owner's pid" : "NOT naming the owner"});`,
    `after the owner's SIGKILL, \`keel run --backend sql\` on the folder exited ${results.storeRules.handover.afterKill.code}.`,
    "",
    ...(freeze
      ? [
          "A frozen PostgreSQL: the second CI cluster (`KEEL_FREEZABLE_DATABASE_URL`) stopped with SIGSTOP while",
          "keel-mcp is asked for a refund and an order lookup, then continued with SIGCONT and the refund retried",
          "with its key, twice.",
          "",
          table(
            ["figure", "value"],
            [
              [
                "answers while frozen (code, ms)",
                freeze.during.map(({ answer, ms }) => `${codesOf([answer])[0]} after ${ms} ms`).join("; "),
              ],
              ["`/healthz` while frozen / after the thaw", `${freeze.healthDuring} / ${freeze.healthAfter}`],
              [
                "the refund retried after the thaw, then again",
                `${codesOf([freeze.retriedAfterThaw])[0]}, then duplicate: ${String(freeze.repeatedAfterThaw.kind === "result" && freeze.repeatedAfterThaw.structured?.duplicate)}`,
              ],
              ["refunds in the ledger", freeze.paidCents.map(dollars).join(", ")],
            ],
          ),
        ]
      : ["A frozen PostgreSQL: not run (set KEEL_FREEZABLE_DATABASE_URL; `.ci/postgres.sh` starts one)."]),
    ...(violations.length > 0 ? ["", ...violations.map((violation) => `- ${violation}`)] : []),
  ].join("\n");
}

function approvalsSection(results: SoakResults): string {
  const report = results.approvals;
  if (report === undefined) return "## 7. Approval resume\n\nNot run: it needs PostgreSQL (DATABASE_URL).";
  return [
    `## 7. Approval resume — ${ok(report.violations.length)}`,
    "",
    `${report.heldRuns} refunds of $750, each on its own order, held by the refund limit in a ticket (\`refundLimitMode:`,
    `"hold"\`), then approved over one PostgreSQL database by ${report.processes - report.heldRuns} concurrent \`keel tickets approve\``,
    "processes (the racers of one ticket overlap; a seeded third of them is killed with SIGKILL 0.1–2.5 s into",
    "its run: before, while or after it records the approval, pays and answers), then once more by a final",
    "process per ticket. Must hold: every held order paid exactly once, every ticket records one approval,",
    "every final approval completes the conversation with the refund reported paid.",
    "",
    table(
      ["figure", "value"],
      [
        [
          "held refunds / approval processes / killed",
          `${report.heldRuns} / ${report.processes} / ${report.killed}`,
        ],
        [
          "racers that finished: recorded the approval / found it recorded and resumed again",
          `${report.racersFirst} / ${report.racersRepeated}`,
        ],
        ["refunds paid (one per held order)", report.refundsPaid],
        [
          "orders paid twice / approvals lost (recorded, never paid)",
          `${report.doublePayments} / ${report.lostApprovals}`,
        ],
        ["final approvals not answered", report.unanswered],
        ["approval process wall time p50 / p99 / max ms", latency(report.approval)],
        ["duration", `${report.durationSeconds} s`],
      ],
    ),
    ...(report.violations.length > 0 ? ["", ...report.violations.slice(0, 50).map((v) => `- ${v}`)] : []),
  ].join("\n");
}

/** RELIABILITY.md from one soak's results. */
export function renderReport(results: SoakResults): string {
  const violations = allViolations(results);
  const { sizes, crash, hostile } = results;
  const hostileCases = hostile.rows.reduce((sum, row) => sum + row.cases, 0);
  const hostilePassed = hostile.rows.reduce((sum, row) => sum + row.passed, 0);
  const propertyRuns = results.properties.reduce((sum, report) => sum + report.runs, 0);
  const loadRequests = results.load.reduce((sum, report) => sum + report.requests, 0);
  return `${[
    "# Reliability and security",
    "",
    "Keel's promise is that it stays correct when things go wrong. These figures come from `pnpm soak` (the full",
    "sizes of the suite in `reliability/`; `pnpm test` runs the same checks small). Rerun it to reproduce them:",
    "every run is seeded, all traffic stays on 127.0.0.1, and no API key is needed.",
    "",
    `Generated ${results.startedAt} in ${results.durationSeconds} s on ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.platform}, Node ${results.machine.node}; commit \`${results.commit}\`.`,
    `PostgreSQL: ${results.postgres ? "yes (DATABASE_URL was set)" : "no (set DATABASE_URL to add it)"}.`,
    "",
    `**Result: ${violations.length === 0 ? "every invariant held" : `${violations.length} violation(s)`}.**`,
    "",
    table(
      ["check", "size", "result"],
      [
        ...results.faultSoak.map((report) => [
          `1. fault soak (${report.store})`,
          `${report.runs} seeded support runs`,
          ok(report.violations.length),
        ]),
        [
          "2. crash safety",
          `${crash.cycles} SIGKILLs under ${crash.clients} concurrent refund clients`,
          ok(crash.violations.length),
        ],
        ["3. hostile input", `${hostileCases} corpus cases`, `${hostilePassed}/${hostileCases} as expected`],
        [
          "4. loop properties",
          `${propertyRuns} random scenarios`,
          ok(results.properties.filter((report) => report.failed).length),
        ],
        [
          "5. load",
          `${loadRequests} requests from ${sizes.loadClients} clients`,
          ok(results.load.reduce((sum, report) => sum + report.unintended, 0)),
        ],
        [
          "6. business rules across processes",
          `${results.storeRules.races.length} raced orders${results.storeRules.freeze ? ", 1 frozen PostgreSQL" : ""}`,
          ok(results.storeRules.violations.length),
        ],
        [
          "7. approval resume",
          results.approvals
            ? `${results.approvals.heldRuns} held refunds, ${results.approvals.processes} processes`
            : "not run (needs DATABASE_URL)",
          results.approvals ? ok(results.approvals.violations.length) : "—",
        ],
        ...durableSoakRows(results.durable),
      ],
    ),
    "",
    "Sizes (environment variables override them): " +
      `\`KEEL_SOAK_RUNS=${sizes.soakRuns}\`, \`KEEL_SOAK_CONCURRENCY=${sizes.soakConcurrency}\`, ` +
      `\`KEEL_SOAK_CRASH_CYCLES=${sizes.crashCycles}\`, \`KEEL_SOAK_CRASH_CLIENTS=${sizes.crashClients}\`, ` +
      `\`KEEL_SOAK_PROPERTY_RUNS=${sizes.propertyRuns}\`, \`KEEL_SOAK_LOAD_CLIENTS=${sizes.loadClients}\`, ` +
      `\`KEEL_SOAK_LOAD_SECONDS=${sizes.loadSeconds}\`, \`KEEL_SOAK_APPROVAL_RUNS=${sizes.approvalRuns}\`, ` +
      `\`KEEL_SOAK_APPROVAL_RACERS=${sizes.approvalRacers}\`.`,
    "",
    "## 1. Fault soak",
    "",
    "Seeded support conversations (refunds, refunds above $500, split refunds, order status, missing orders,",
    "suspended accounts, a trainee role, over-refunds, one refund twice in a reply, refunds racing on shared",
    "orders, prompt injection) through `runAgent` + `AnthropicClient` (SDK, streaming) against `@keel/testkit`'s",
    "fake Messages API, which injects 429 with retry-after, 529 with and without retry-after, mid-stream errors",
    "before and after output, and connection resets before and during a response. The scripted model is a pure",
    "function of the history it is sent: it reads each `tool_result` off the wire, retries an outage once, corrects",
    "an amount the store refuses, escalates what it may not do, and writes its answer from the last outcome. The",
    "store is the SQL store with 30% of its calls failing transiently (half timeouts, which may commit a write and",
    "lose the answer; half unreachable), seeded per run.",
    "",
    "Checked on every run: a terminal status that matches the trace's end; no refund above $500 reaches the store",
    'or is paid; no not-found outcome for something that exists; no answer saying "not found" after an outage, nor',
    "one without a genuine not-found behind it; per idempotency key at most one payment. Checked on the ledger at",
    "the end (faults off): per order, refunds never exceed its amount; one refund per key; every refund a run was",
    "told about is recorded with that amount; every recorded refund answers a request that was made.",
    "",
    ...results.faultSoak.flatMap((report) => [faultSoakSection(report), ""]),
    `## 2. Crash safety — ${ok(crash.violations.length)}`,
    "",
    "The built `keel-mcp --http` on a PGlite data directory; concurrent clients send $0.01–$0.03 refunds, each with",
    'its own client idempotency key (`_meta["dev.keel/idempotency-key"]`), one in ten abandoned by its client after',
    "1–8 ms. At a seeded moment the server is SIGKILLed with calls in flight and restarted on the same directory;",
    "every unanswered refund is retried with its key, every acknowledged one is sent again. At the end the server is",
    "stopped and the ledger is read straight from the data directory.",
    "",
    table(
      ["figure", "value"],
      [
        ["kill / restart cycles", crash.cycles],
        ["concurrent clients", crash.clients],
        ["refunds sent (distinct keys)", crash.refundsSent],
        ["acknowledged before a kill", crash.acknowledgedBeforeKill],
        [
          "unanswered (in flight at a kill, or abandoned by the client)",
          `${crash.unanswered} (${crash.abandonedByClient} abandoned)`,
        ],
        ["… committed anyway: the retry returned the first refund", crash.unansweredCommitted],
        ["… not committed: the retry paid them, once", crash.unansweredPaidOnRetry],
        [
          "retries of acknowledged refunds, each `duplicate: true` with the same refund id",
          crash.acknowledgedRetried,
        ],
        ["refunds in the ledger (= acknowledged + committed anyway + paid on retry)", crash.ledgerRefunds],
        ["refused by business rules", crash.refusedByBusinessRules],
        ["restart until listening, p50 / p99 / max ms", latency(crash.restart)],
      ],
    ),
    ...(crash.violations.length > 0
      ? ["", ...crash.violations.slice(0, 50).map((violation) => `- ${violation}`)]
      : []),
    "",
    `## 3. Hostile input — ${hostilePassed}/${hostileCases} as expected`,
    "",
    "The committed corpus (`reliability/src/hostile/corpus-*.ts`), each case with its expected categorised outcome:",
    "hostile model turns through the agent loop (prompt injection, amount encodings, hallucinated and look-alike tool",
    "names, inputs that are not objects, 10 MB tool results, deeply nested JSON, calculator injection), hostile HTTP",
    "requests to the built MCP server (after each one `/healthz` answers 200 and a normal call succeeds), and",
    "`.mcp.json` files with planted secrets through the built `keel check-config` (the secret is never printed).",
    `The MCP server ${hostile.serverSurvived ? "kept serving through the whole corpus, stopped with exit 0 and never logged its token" : "did NOT survive the corpus cleanly"}.`,
    "",
    table(
      ["surface", "category", "cases", "as expected"],
      hostile.rows.map((row) => [row.surface, row.category, row.cases, row.passed]),
    ),
    ...(hostile.failures.length > 0
      ? ["", ...hostile.failures.map((failure) => `- ${failure.id}: ${failure.mismatches.join("; ")}`)]
      : []),
    "",
    "## 4. Loop invariants as properties",
    "",
    "fast-check over random scripts (up to 8 replies of up to 4 calls, every stop reason, hallucinated names,",
    "invalid inputs, client failures), random tool outcomes (success, empty, transient, healing transient,",
    "validation, business, permission, throw) and hooks that allow, block, redirect or rewrite; the last property",
    "runs over the wire with random HTTP and stream faults and random SDK / stream retry limits.",
    "",
    table(
      ["property", "runs", "result", "time"],
      results.properties.map((report) => [
        report.name,
        report.runs,
        report.failed ? `✘ ${report.counterexample ?? ""}` : "✔",
        `${(report.durationMs / 1000).toFixed(1)} s`,
      ]),
    ),
    "",
    "## 5. Load",
    "",
    `${sizes.loadClients} concurrent clients (node:http keep-alive) against the built \`keel-mcp --http\` for ${sizes.loadSeconds} s per store,`,
    "each sending its next request as soon as the previous answer arrived: reads (40% order lookups, 20% customer",
    "lookups, 10% absent orders), 10% $0.01 refunds with fresh keys (paid until the order is used up, then refused",
    "by business rules), 5% $750 refunds (redirected to a ticket), 5% unknown tools, 5% requests without a token",
    "(401), 5% `tools/list`. An answer is intended when it is the one its kind must get; anything else (a 5xx, a",
    "dropped connection, a wrong outcome) counts as unintended. Server memory is its RSS from `/proc`: before the",
    "load, after the first fifth of it (warm), at the end.",
    "",
    table(
      [
        "store",
        "clients",
        "seconds",
        "requests",
        "req/s",
        "unintended",
        "latency p50 / p99 / max ms",
        "server RSS MiB before → warm → after",
        "healthy after",
      ],
      results.load.map(loadRow),
    ),
    "",
    "Client and server share the machine's cores, so these are figures for this machine, not a benchmark.",
    "",
    storeRulesSection(results),
    "",
    approvalsSection(results),
    "",
    durableSoakSection(results.durable),
    ...(violations.length > 0
      ? ["", "## Violations", "", ...violations.slice(0, 100).map((violation) => `- ${violation}`)]
      : []),
  ].join("\n")}\n`;
}
