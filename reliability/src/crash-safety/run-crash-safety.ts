import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { healthStatus } from "../mcp/mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { integerBetween, seededRandom, seedOf } from "../seeded-random.js";
import { type LatencySummary, summarizeLatencies } from "../stats.js";
import { ledgerViolations, readLedger, STORED_KEY_PREFIX } from "./crash-ledger.js";
import type { RefundAnswer, SentRefund } from "./refund-requests.js";
import { loadUntilKilled, recover, retryAcknowledged } from "./refund-traffic.js";

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
  /** The report's counts, added up over the cycles. */
  const counted = {
    acknowledgedBeforeKill: 0,
    unanswered: 0,
    abandonedByClient: 0,
    unansweredCommitted: 0,
    unansweredPaidOnRetry: 0,
    acknowledgedRetried: 0,
  };
  /** After each start: retries the requests left without an answer, then every acknowledged one. */
  const retryAll = async (running: McpServerProcess, unknown: readonly SentRefund[]) => {
    const counts = await recover(running, unknown, record);
    counted.unansweredCommitted += counts.committed;
    counted.unansweredPaidOnRetry += counts.paid;
    counted.acknowledgedRetried += await retryAcknowledged(running, sent, answers, record, violations);
  };
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
      await retryAll(running, unknown);
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
      counted.acknowledgedBeforeKill += load.acknowledged;
      counted.unanswered += load.unknown.length;
      counted.abandonedByClient += load.abandoned;
      unknown = load.unknown;
      server = undefined;
    }
    const final = await start();
    await retryAll(final, unknown);
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
      ...counted,
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
