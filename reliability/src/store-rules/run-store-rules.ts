import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqlBackend } from "@keel/support-desk";
import { REFUND_LIMIT } from "@keel/support-desk/internal";
import type { ProcessRun } from "@keel/testkit/process";
import { DEFAULT_TOOL_RETRY } from "@keel/tool-call/internal";
import { runKeel } from "../keel-cli.js";
import { callTool, healthStatus, type ToolCallAnswer } from "../mcp/mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { throwawayDatabase } from "../throwaway-database.js";
import { freezablePostgres } from "./freeze-postgres.js";
import { SPLIT_AND_RACE, splitAndRace, splitRefundLedger } from "./split-refunds.js";

/** One split-and-raced order through real keel-mcp processes, and what the store paid for it. */
export interface RaceReport {
  readonly store: "postgres" | "pglite";
  /** keel-mcp processes the refunds were spread over. */
  readonly processes: number;
  readonly answers: readonly ToolCallAnswer[];
  readonly paidCents: number;
  readonly tickets: number;
  /** Replicas only: a key paid on one replica, then reused with another amount on another. */
  readonly keyReuse?: {
    readonly paid: ToolCallAnswer;
    readonly reused: ToolCallAnswer;
    /** Refunds of that order in the ledger afterwards. */
    readonly paidCents: readonly number[];
  };
}

/** One PGlite folder, a keel-mcp owning it, the CLI asking for it, then the owner killed with SIGKILL. */
export interface HandoverReport {
  /** What the CLI said while the server owned the folder. */
  readonly refused: ProcessRun;
  readonly ownerPid: number;
  /** `keel run` on the folder after the owner's SIGKILL (its stale lock left behind). */
  readonly afterKill: ProcessRun;
}

/** A PostgreSQL freeze during calls: how the calls and /healthz answered, and what a retry paid after it. */
export interface FreezeReport {
  readonly during: readonly { readonly answer: ToolCallAnswer; readonly ms: number }[];
  readonly healthDuring: number;
  readonly retriedAfterThaw: ToolCallAnswer;
  readonly repeatedAfterThaw: ToolCallAnswer;
  readonly healthAfter: number;
  /** Refunds of the order in the ledger afterwards, in cents. */
  readonly paidCents: readonly number[];
}

const sumCents = (answers: readonly ToolCallAnswer[]) =>
  answers.reduce((sum, answer) => {
    const paid = answer.kind === "result" && !answer.isError ? answer.structured : undefined;
    return sum + (paid?.refunded === false ? 0 : Math.round(Number(paid?.amount ?? 0) * 100));
  }, 0);

/** `processes` keel-mcp replicas over one fresh PostgreSQL database; refunds split and raced across them. */
export async function raceOnReplicas(serverUrl: string, processes: number): Promise<RaceReport> {
  const database = throwawayDatabase(serverUrl, "keel_race");
  await database.create();
  const servers: McpServerProcess[] = [];
  try {
    // Migrate and seed once, before the replicas race to do it.
    await (await createSqlBackend({ databaseUrl: database.url })).close();
    for (let index = 0; index < processes; index += 1)
      servers.push(await spawnMcpServer({ databaseUrl: database.url }));
    const answers = await splitAndRace(
      servers.map((server) => server.url),
      "replicas",
    );
    // One idempotency key, a $10 refund on one replica, then $20 under the same key on another.
    const reuse = (server: McpServerProcess, amount: number) =>
      callTool(
        server.url,
        "process_refund",
        { customer_id: "C-1001", order_id: "ORD-1001", amount, reason: "Chipped" },
        { idempotencyKey: "reuse-me" },
      );
    const paid = await reuse(servers[0]!, 10);
    const reused = await reuse(servers[servers.length - 1]!, 20);
    const backend = await createSqlBackend({ databaseUrl: database.url });
    try {
      const other = await backend.listRefunds("ORD-1001");
      return {
        store: "postgres",
        processes,
        answers,
        ...(await splitRefundLedger(backend)),
        keyReuse: {
          paid,
          reused,
          paidCents: other.kind === "listed" ? other.refunds.map((refund) => refund.amountCents) : [],
        },
      };
    } finally {
      await backend.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

/** One keel-mcp owning a fresh PGlite folder, every caller going through it; the ledger read after it stops. */
export async function raceThroughPgliteOwner(): Promise<RaceReport> {
  const dataDir = await mkdtemp(join(tmpdir(), "keel-race-"));
  try {
    const server = await spawnMcpServer({ dataDir });
    let answers: ToolCallAnswer[];
    try {
      answers = await splitAndRace([server.url], "owner");
    } finally {
      await server.stop();
    }
    const backend = await createSqlBackend({ dataDir });
    try {
      return { store: "pglite", processes: 1, answers, ...(await splitRefundLedger(backend)) };
    } finally {
      await backend.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Two processes, one PGlite folder: while keel-mcp owns it, `keel tickets` must be refused naming the owner;
 * after the owner's SIGKILL, `keel run` must open the folder and work.
 */
export async function pgliteOwnerHandover(): Promise<HandoverReport> {
  const dataDir = await mkdtemp(join(tmpdir(), "keel-owner-"));
  try {
    const server = await spawnMcpServer({ dataDir });
    let refused: ProcessRun;
    try {
      refused = await runKeel(["tickets", "--data-dir", dataDir]);
    } finally {
      await server.kill(); // SIGKILL: no cleanup, the lock file stays behind
    }
    const afterKill = await runKeel([
      "run",
      "--scenario",
      "high-value-refund",
      "--backend",
      "sql",
      "--data-dir",
      dataDir,
      "--json",
    ]);
    return { refused, ownerPid: server.pid, afterKill };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * keel-mcp over a fresh database on the freezable server: a refund and a lookup sent while the server is
 * stopped (SIGSTOP), /healthz asked meanwhile; after SIGCONT the refund is retried with its key, twice.
 */
export async function freezeDuringCalls(freezableUrl: string): Promise<FreezeReport> {
  const database = throwawayDatabase(freezableUrl, "keel_frozen");
  await database.create();
  const postgres = await freezablePostgres(freezableUrl);
  let server: McpServerProcess | undefined;
  try {
    await (await createSqlBackend({ databaseUrl: database.url })).close();
    server = await spawnMcpServer({ databaseUrl: database.url });
    const { url, healthUrl } = server;
    const refund = { customer_id: "C-1001", order_id: "ORD-1001", amount: 10, reason: "Chipped" };
    const refundOnce = () => callTool(url, "process_refund", refund, { idempotencyKey: "frozen-1" });
    const timed = async (call: () => Promise<ToolCallAnswer>) => {
      const started = performance.now();
      const answer = await call();
      return { answer, ms: Math.round(performance.now() - started) };
    };
    postgres.freeze();
    let during: FreezeReport["during"];
    let healthDuring: number;
    try {
      [during, healthDuring] = await Promise.all([
        Promise.all([
          timed(refundOnce),
          timed(() => callTool(url, "lookup_order", { order_id: "ORD-1001" })),
        ]),
        healthStatus(healthUrl),
      ]);
    } finally {
      postgres.thaw();
    }
    const retriedAfterThaw = await refundOnce();
    const repeatedAfterThaw = await refundOnce();
    const healthAfter = await healthStatus(healthUrl);
    const backend = await createSqlBackend({ databaseUrl: database.url });
    try {
      const refunds = await backend.listRefunds("ORD-1001");
      const paidCents = refunds.kind === "listed" ? refunds.refunds.map((r) => r.amountCents) : [];
      return { during, healthDuring, retriedAfterThaw, repeatedAfterThaw, healthAfter, paidCents };
    } finally {
      await backend.close();
    }
  } finally {
    postgres.thaw(); // never leave the server stopped, whatever failed
    await server?.stop();
    await database.drop();
  }
}

export interface StoreRulesReport {
  readonly races: readonly RaceReport[];
  readonly handover: HandoverReport;
  readonly freeze: FreezeReport | undefined;
  readonly violations: readonly string[];
}

/** The answers' codes, for a report. */
export const codesOf = (answers: readonly ToolCallAnswer[]) =>
  answers.map((answer) =>
    answer.kind === "result"
      ? String((answer.meta?.["dev.keel/outcome"] as { code?: string } | undefined)?.code ?? "success")
      : answer.kind,
  );

/**
 * The longest a frozen store may hold a call: each attempt ends by the store's own limits (3 s statements and
 * connections, 3.5 s reads), and the tool-call path makes DEFAULT_TOOL_RETRY.maxAttempts of them, waiting at
 * most its nominal delays between (`longestWaits`); plus a margin. A call that waits for the whole freeze breaks it.
 */
export const FROZEN_ANSWER_WITHIN_MS = DEFAULT_TOOL_RETRY.maxAttempts * 3_500 + longestWaits() + 2_000;

/** The most the default policy waits between attempts in all (each wait at most its nominal delay). */
function longestWaits(): number {
  const { maxAttempts, baseDelayMs, maxDelayMs } = DEFAULT_TOOL_RETRY;
  let total = 0;
  for (let attempt = 2; attempt <= maxAttempts; attempt += 1) {
    total += Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 2));
  }
  return total;
}

/** What must hold of a race: at most the limit paid automatically (exactly the expected split), a ticket per excess. */
export function raceViolations(race: RaceReport): string[] {
  const where = `${race.store} × ${race.processes}`;
  const violations: string[] = [];
  if (race.paidCents > REFUND_LIMIT * 100)
    violations.push(`${where}: $${race.paidCents / 100} paid automatically on one order`);
  if (race.paidCents !== SPLIT_AND_RACE.expectedPaidCents || sumCents(race.answers) !== race.paidCents)
    violations.push(`${where}: paid ${race.paidCents} cents, answers say ${sumCents(race.answers)}`);
  if (race.tickets !== SPLIT_AND_RACE.expectedTickets)
    violations.push(
      `${where}: ${race.tickets} over-limit tickets, expected ${SPLIT_AND_RACE.expectedTickets}`,
    );
  if (race.answers.some((answer) => answer.kind !== "result" || answer.isError))
    violations.push(`${where}: a refund was answered with an error: ${codesOf(race.answers).join(", ")}`);
  return violations;
}

/** What must hold of a key reused with other parameters: refused as IDEMPOTENCY_KEY_REUSED, nothing paid. */
export function keyReuseViolations(race: RaceReport): string[] {
  const reuse = race.keyReuse;
  if (reuse === undefined) return [];
  const violations: string[] = [];
  if (reuse.paid.kind !== "result" || reuse.paid.isError)
    violations.push("key reuse: the first refund failed");
  if (reuse.reused.kind !== "result" || !reuse.reused.text.includes("IDEMPOTENCY_KEY_REUSED"))
    violations.push(`key reuse: the reused key was answered ${codesOf([reuse.reused])[0]}`);
  if (reuse.paidCents.join() !== "1000")
    violations.push(`key reuse: the ledger holds ${reuse.paidCents.join(", ")}`);
  return violations;
}

/** What must hold of a handover: the second process refused, naming the owner; the folder served after the kill. */
export function handoverViolations(handover: HandoverReport): string[] {
  const violations: string[] = [];
  if (handover.refused.code === 0) violations.push("handover: the CLI opened a folder keel-mcp owned");
  if (!handover.refused.stderr.includes(`pid ${handover.ownerPid}`))
    violations.push(`handover: the refusal did not name the owner: ${handover.refused.stderr.trim()}`);
  if (handover.afterKill.code !== 0)
    violations.push(
      `handover: after the owner's SIGKILL the CLI failed: ${handover.afterKill.stderr.trim()}`,
    );
  return violations;
}

/** What must hold of a freeze: quick transient timeouts, 503, then exactly one payment. */
export function freezeViolations(freeze: FreezeReport): string[] {
  const violations: string[] = [];
  for (const { answer, ms } of freeze.during) {
    const text = answer.kind === "result" ? answer.text : answer.kind;
    if (ms > FROZEN_ANSWER_WITHIN_MS) violations.push(`frozen: a call took ${ms} ms`);
    if (
      answer.kind !== "result" ||
      !answer.isError ||
      !/_UPSTREAM_TIMEOUT/.test(text) ||
      !/transient/.test(text)
    )
      violations.push(`frozen: not a transient timeout: ${text}`);
    if (/HOOK_FAILED|NOT_FOUND/.test(text)) violations.push(`frozen: answered ${text}`);
  }
  if (freeze.healthDuring !== 503) violations.push(`frozen: /healthz said ${freeze.healthDuring}`);
  if (freeze.healthAfter !== 200) violations.push(`thawed: /healthz said ${freeze.healthAfter}`);
  if (freeze.retriedAfterThaw.kind !== "result" || freeze.retriedAfterThaw.isError)
    violations.push("thawed: the retried refund was not paid");
  if (freeze.repeatedAfterThaw.kind !== "result" || freeze.repeatedAfterThaw.structured?.duplicate !== true)
    violations.push("thawed: the repeated refund was not answered as a duplicate");
  if (freeze.paidCents.join() !== "1000")
    violations.push(`thawed: ledger holds ${freeze.paidCents.join(", ")}`);
  return violations;
}

/**
 * The business rules that must hold on every path, across real processes: split and raced refunds over
 * three replicas on one PostgreSQL (with `databaseUrl`, and a key reused across them) and through one PGlite
 * owner; a second process on an owned PGlite folder, and the owner killed; a frozen PostgreSQL (with
 * `freezableUrl`).
 */
export async function runStoreRules(options: {
  readonly databaseUrl?: string | undefined;
  readonly freezableUrl?: string | undefined;
}): Promise<StoreRulesReport> {
  const races = [
    ...(options.databaseUrl ? [await raceOnReplicas(options.databaseUrl, 3)] : []),
    await raceThroughPgliteOwner(),
  ];
  const handover = await pgliteOwnerHandover();
  const freeze = options.freezableUrl ? await freezeDuringCalls(options.freezableUrl) : undefined;
  return {
    races,
    handover,
    freeze,
    violations: [
      ...races.flatMap((race) => [...raceViolations(race), ...keyReuseViolations(race)]),
      ...handoverViolations(handover),
      ...(freeze ? freezeViolations(freeze) : []),
    ],
  };
}
