import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqlBackend, type Refund, SAMPLE_DATA } from "@keel/support-desk";
import { mapConcurrently } from "../map-concurrently.js";
import { callTool, healthStatus } from "../mcp/mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { integerBetween, seededRandom, seedOf } from "../seeded-random.js";
import { type LatencySummary, summarizeLatencies } from "../stats.js";
import { type RefundAnswer, refundAnswerOf, refundArguments, type SentRefund } from "./refund-requests.js";

export interface CrashSafetyOptions {
  /** Kill/restart cycles. */
  readonly cycles: number;
  /** Concurrent refund clients while the server is killed. */
  readonly clients: number;
  readonly seed?: number;
  /** Kill once this many refunds of the cycle were acknowledged (a seeded value in the range). */
  readonly killAfterAcknowledged?: readonly [number, number];
  /** Kill at the latest this long after the load started. Default 5 s. */
  readonly maxLoadMs?: number;
}

export interface CrashSafetyReport {
  readonly cycles: number;
  readonly clients: number;
  readonly refundsSent: number;
  readonly acknowledgedBeforeKill: number;
  /** Requests without an answer: in flight when the server died, or abandoned by an impatient client. */
  readonly unanswered: number;
  /** Of those, abandoned by the client (a 1–8 ms client timeout) before the kill. */
  readonly abandonedByClient: number;
  /** Of the unanswered, committed anyway: the retry returned the first refund (`duplicate: true`). */
  readonly unansweredCommitted: number;
  /** Of the unanswered, not committed: the retry paid them, once. */
  readonly unansweredPaidOnRetry: number;
  /** Retries of acknowledged refunds after a restart, each answered `duplicate: true` with the same refund. */
  readonly acknowledgedRetried: number;
  readonly refusedByBusinessRules: number;
  readonly ledgerRefunds: number;
  readonly restart: LatencySummary;
  readonly violations: readonly string[];
}

/** The sample orders refunds go to (the server seeds SAMPLE_DATA), with their owners. */
const TARGETS = [
  { orderId: "ORD-1001", customerId: "C-1001" },
  { orderId: "ORD-1005", customerId: "C-1003" },
  { orderId: "ORD-12345", customerId: "C-1003" },
] as const;

/** Retries after a restart go out a few at a time. */
const RETRY_CONCURRENCY = 8;

const STORED_KEY_PREFIX = "mcp:process_refund:key:";

/**
 * Crash safety of the MCP server on PGlite: concurrent clients send small refunds, each with its own
 * client idempotency key; the server is SIGKILLed while calls are in flight and restarted on the same data
 * directory; every request is then retried with its key. Checks that every acknowledged refund exists
 * exactly once with its id and amount, nothing is paid twice, nothing is partial, and no order is
 * over-refunded. Bounded: each cycle stops its load at the kill, at the latest after `maxLoadMs`.
 */
export async function runCrashSafety(options: CrashSafetyOptions): Promise<CrashSafetyReport> {
  const seed = options.seed ?? 7;
  const random = seededRandom(seedOf(seed, "crash"));
  const dataDir = await mkdtemp(join(tmpdir(), "keel-crash-"));
  const sent = new Map<string, SentRefund>();
  const answers = new Map<string, RefundAnswer[]>();
  const record = (refund: SentRefund, answer: RefundAnswer) => {
    answers.set(refund.key, [...(answers.get(refund.key) ?? []), answer]);
    return answer;
  };
  const violations: string[] = [];
  const restarts: number[] = [];
  let acknowledgedBeforeKill = 0;
  let unanswered = 0;
  let abandonedByClient = 0;
  let unansweredCommitted = 0;
  let unansweredPaidOnRetry = 0;
  let acknowledgedRetried = 0;
  let server: McpServerProcess | undefined;
  const start = async () => {
    const begun = performance.now();
    server = await spawnMcpServer({ dataDir });
    restarts.push(performance.now() - begun);
    return server;
  };
  try {
    let unknown: SentRefund[] = [];
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const running = await start();
      const counts = await recover(running, unknown, record);
      unansweredCommitted += counts.committed;
      unansweredPaidOnRetry += counts.paid;
      acknowledgedRetried += await retryAcknowledged(running, sent, answers, record, violations);
      const [low, high] = options.killAfterAcknowledged ?? [20, 60];
      const load = await loadUntilKilled(running, {
        cycle,
        clients: options.clients,
        killAfter: integerBetween(random, low, high),
        maxLoadMs: options.maxLoadMs ?? 5000,
        random,
        sent,
        record,
      });
      acknowledgedBeforeKill += load.acknowledged;
      unanswered += load.unknown.length;
      abandonedByClient += load.abandoned;
      unknown = load.unknown;
      server = undefined;
    }
    const final = await start();
    const counts = await recover(final, unknown, record);
    unansweredCommitted += counts.committed;
    unansweredPaidOnRetry += counts.paid;
    acknowledgedRetried += await retryAcknowledged(final, sent, answers, record, violations);
    if ((await healthStatus(final.healthUrl)) !== 200) violations.push("the restarted server is not healthy");
    const stopped = await final.stop();
    server = undefined;
    if (stopped.code !== 0)
      violations.push(`the server exited ${stopped.code ?? stopped.signal} after SIGTERM`);
    const ledger = await readLedger(dataDir);
    violations.push(...ledgerViolations(ledger, sent, answers));
    return {
      cycles: options.cycles,
      clients: options.clients,
      refundsSent: sent.size,
      acknowledgedBeforeKill,
      unanswered,
      abandonedByClient,
      unansweredCommitted,
      unansweredPaidOnRetry,
      acknowledgedRetried,
      refusedByBusinessRules: [...answers.values()].filter((list) => list.at(-1)?.kind === "refused").length,
      ledgerRefunds: ledger.filter((refund) => refund.idempotencyKey.startsWith(STORED_KEY_PREFIX)).length,
      restart: summarizeLatencies(restarts),
      violations,
    };
  } finally {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Record = (refund: SentRefund, answer: RefundAnswer) => RefundAnswer;

/** Retries every refund whose answer was lost, with its key, until each has a definite answer (bounded). */
async function recover(
  server: McpServerProcess,
  unknown: readonly SentRefund[],
  record: Record,
): Promise<{ committed: number; paid: number }> {
  let committed = 0;
  let paid = 0;
  await mapConcurrently(unknown, RETRY_CONCURRENCY, async (refund) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = record(refund, await send(server, refund));
      if (answer.kind === "unknown") continue;
      if (answer.kind === "paid" && answer.duplicate) committed++;
      if (answer.kind === "paid" && !answer.duplicate) paid++;
      break;
    }
  });
  return { committed, paid };
}

/** Sends every acknowledged refund again: each must come back as the same refund, `duplicate: true`. */
async function retryAcknowledged(
  server: McpServerProcess,
  sent: ReadonlyMap<string, SentRefund>,
  answers: ReadonlyMap<string, RefundAnswer[]>,
  record: Record,
  violations: string[],
): Promise<number> {
  const acknowledged = [...answers].flatMap(([key, list]) => {
    const first = list.find((answer) => answer.kind === "paid");
    const refund = sent.get(key);
    return first?.kind === "paid" && refund ? [{ refund, first }] : [];
  });
  await mapConcurrently(acknowledged, RETRY_CONCURRENCY, async ({ refund, first }) => {
    const answer = record(refund, await send(server, refund));
    if (answer.kind !== "paid" || !answer.duplicate || answer.refundId !== first.refundId) {
      violations.push(
        `retry of acknowledged ${refund.key} (${first.refundId}) answered ${JSON.stringify(answer)}`,
      );
    }
  });
  return acknowledged.length;
}

async function send(
  server: McpServerProcess,
  refund: SentRefund,
  signal?: AbortSignal,
): Promise<RefundAnswer> {
  return refundAnswerOf(
    await callTool(server.url, "process_refund", refundArguments(refund), {
      idempotencyKey: refund.key,
      ...(signal ? { signal } : {}),
    }),
  );
}

interface LoadOptions {
  readonly cycle: number;
  readonly clients: number;
  readonly killAfter: number;
  readonly maxLoadMs: number;
  readonly random: () => number;
  readonly sent: Map<string, SentRefund>;
  readonly record: Record;
}

/** Clients send fresh refunds back to back; the server is SIGKILLed once enough were acknowledged. */
async function loadUntilKilled(
  server: McpServerProcess,
  options: LoadOptions,
): Promise<{ acknowledged: number; abandoned: number; unknown: SentRefund[] }> {
  let acknowledged = 0;
  let abandoned = 0;
  let killed = false;
  const unknown: SentRefund[] = [];
  const deadline = performance.now() + options.maxLoadMs;
  const kill = async () => {
    if (killed) return;
    killed = true;
    await server.kill();
  };
  const client = async (clientIndex: number) => {
    for (let n = 0; !killed && performance.now() < deadline; n++) {
      const target = TARGETS[(clientIndex + n) % TARGETS.length]!;
      const refund: SentRefund = {
        key: `crash-${options.cycle}-${clientIndex}-${n}`,
        ...target,
        amountCents: integerBetween(options.random, 1, 3),
      };
      options.sent.set(refund.key, refund);
      // One call in ten is abandoned by its client after a few milliseconds, as an impatient client does:
      // the server may still commit it, and only the retry with the same key tells.
      const impatient = options.random() < 0.1;
      const signal = impatient ? AbortSignal.timeout(integerBetween(options.random, 1, 8)) : undefined;
      const answer = options.record(refund, await send(server, refund, signal));
      if (impatient && answer.kind === "unknown") abandoned++;
      if (answer.kind === "unknown") unknown.push(refund);
      // A little after the threshold, at a seeded moment, so the kill lands anywhere in a call.
      if (answer.kind === "paid" && ++acknowledged === options.killAfter) {
        setTimeout(() => void kill(), integerBetween(options.random, 0, 15));
      }
    }
  };
  const clients = Array.from({ length: options.clients }, (_, index) => client(index));
  const timer = setTimeout(() => void kill(), options.maxLoadMs);
  await Promise.all(clients);
  clearTimeout(timer);
  await kill();
  return { acknowledged, abandoned, unknown };
}

/** Reads every refund of the sample orders straight from the data directory (the server is stopped). */
async function readLedger(dataDir: string): Promise<Refund[]> {
  const backend = await createSqlBackend({ dataDir });
  try {
    const refunds: Refund[] = [];
    for (const order of SAMPLE_DATA.orders) {
      const listed = await backend.listRefunds(order.id);
      if (listed.kind !== "listed") throw new Error(`could not list the refunds of ${order.id}`);
      refunds.push(...listed.refunds);
    }
    return refunds;
  } finally {
    await backend.close();
  }
}

/** The ledger against everything the clients sent and were told. */
function ledgerViolations(
  ledger: readonly Refund[],
  sent: ReadonlyMap<string, SentRefund>,
  answers: ReadonlyMap<string, RefundAnswer[]>,
): string[] {
  const violations: string[] = [];
  const byKey = new Map<string, Refund[]>();
  for (const refund of ledger) {
    if (!refund.idempotencyKey.startsWith(STORED_KEY_PREFIX)) continue;
    const key = refund.idempotencyKey.slice(STORED_KEY_PREFIX.length);
    byKey.set(key, [...(byKey.get(key) ?? []), refund]);
  }
  for (const [key, refunds] of byKey) {
    const request = sent.get(key);
    if (refunds.length > 1) violations.push(`${key} was paid ${refunds.length} times`);
    if (!request) violations.push(`refund ${refunds[0]?.id} answers no request (${key})`);
    else if (refunds.some((refund) => refund.amountCents !== request.amountCents))
      violations.push(`${key} is partial`);
  }
  for (const [key, list] of answers) {
    const paid = list.filter((answer) => answer.kind === "paid");
    const firstPayments = paid.filter((answer) => !answer.duplicate).length;
    if (firstPayments > 1) violations.push(`${key} was answered as a first payment ${firstPayments} times`);
    if (new Set(paid.map((answer) => answer.refundId)).size > 1)
      violations.push(`${key} was answered with different refunds`);
    const recorded = byKey.get(key) ?? [];
    const acknowledged = paid[0];
    if (acknowledged && !recorded.some((refund) => refund.id === acknowledged.refundId)) {
      violations.push(`acknowledged refund ${acknowledged.refundId} (${key}) is missing from the ledger`);
    }
    const last = list.at(-1);
    if (last?.kind === "unknown") violations.push(`${key} never got a definite answer`);
    if (last?.kind === "refused" && recorded.length > 0) violations.push(`${key} was refused but recorded`);
  }
  for (const order of SAMPLE_DATA.orders) {
    const total = ledger
      .filter((refund) => refund.orderId === order.id)
      .reduce((sum, refund) => sum + refund.amountCents, 0);
    if (total > order.amountCents)
      violations.push(`${order.id} refunded ${total} of ${order.amountCents} cents`);
  }
  return violations;
}
