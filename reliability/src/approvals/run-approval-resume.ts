import { runAgent, ScriptedClient } from "@keel/loop";
import { createSqlBackend, SAMPLE_DATA, supportAgent } from "@keel/support-desk";
import { holdInTicket, type SeedData } from "@keel/support-desk/internal";
import { APPROVAL_KEY, jsonOf, startKeel } from "../keel-cli.js";
import { mapConcurrently } from "../map-concurrently.js";
import { integerBetween, seededRandom, seedOf } from "../seeded-random.js";
import { type LatencySummary, summarizeLatencies } from "../stats.js";
import { throwawayDatabase } from "../throwaway-database.js";

export interface ApprovalResumeOptions {
  /** The PostgreSQL server to make a throwaway database on (an admin URL such as DATABASE_URL). */
  readonly databaseUrl: string;
  /** Refunds held for a supervisor, one order each. */
  readonly heldRuns: number;
  /** `keel tickets approve` processes racing on each ticket. */
  readonly racersPerTicket: number;
  /** Processes alive at once. */
  readonly concurrency: number;
  /** Of the racers, this share is killed (SIGKILL) at a seeded moment of its run. Default 1/3. */
  readonly killShare?: number;
  readonly seed?: number;
}

export interface ApprovalResumeReport {
  readonly heldRuns: number;
  /** Every `keel tickets approve` process started: racers, then one final approval per ticket. */
  readonly processes: number;
  readonly killed: number;
  /** Racers that finished: completed with the decision recorded by them / by another process first. */
  readonly racersFirst: number;
  readonly racersRepeated: number;
  /** Refunds in the ledger on the held orders, and orders paid more than once or not at all. */
  readonly refundsPaid: number;
  readonly doublePayments: number;
  readonly lostApprovals: number;
  /** Final approvals that did not complete with the customer told the refund was paid. */
  readonly unanswered: number;
  /** Wall time of each approval process that finished, ms. */
  readonly approval: LatencySummary;
  readonly durationSeconds: number;
  readonly violations: readonly string[];
}

const HELD_ORDER_CENTS = 75_000;

/** The sample data plus one $750 order of Alice's per held run: a held run per order, so each pays once. */
function seedWith(heldRuns: number): { readonly data: SeedData; readonly orderIds: readonly string[] } {
  const orderIds = Array.from({ length: heldRuns }, (_, index) => `ORD-${70_000 + index}`);
  const orders = orderIds.map((id) => ({
    id,
    customerId: "C-1001",
    amountCents: HELD_ORDER_CENTS,
    currency: "USD" as const,
    status: "delivered" as const,
    itemSummary: "Espresso machine",
    placedAt: "2026-09-21T16:20:00.000Z",
  }));
  return { data: { ...SAMPLE_DATA, orders: [...SAMPLE_DATA.orders, ...orders] }, orderIds };
}

/**
 * The resume soak: `heldRuns` $750 refunds, each held by the refund limit in its own ticket, then approved
 * by `racersPerTicket` concurrent `keel tickets approve` processes per ticket (some killed by SIGKILL at a
 * seeded moment), then once more by a final process per ticket. Over one PostgreSQL database. Holds when
 * every held order is paid exactly once, every ticket records one approval, and every final approval
 * completes the conversation with the refund reported paid.
 */
export async function runApprovalResume(options: ApprovalResumeOptions): Promise<ApprovalResumeReport> {
  const started = performance.now();
  const random = seededRandom(seedOf(options.seed ?? 11, "approval-resume"));
  const database = throwawayDatabase(options.databaseUrl, "keel_resume_soak");
  await database.create();
  try {
    const { data, orderIds } = seedWith(options.heldRuns);
    const tickets = await holdRefunds(database.url, data, orderIds);
    const env = { DATABASE_URL: database.url, KEEL_APPROVAL_KEY: APPROVAL_KEY };
    const killShare = options.killShare ?? 1 / 3;
    const durations: number[] = [];
    const approve = async (ticket: string, killAfterMs: number | undefined) => {
      const began = performance.now();
      const keel = startKeel(["tickets", "approve", ticket, "--json"], env);
      let killed = false;
      const timer =
        killAfterMs === undefined
          ? undefined
          : setTimeout(() => {
              killed = true;
              void keel.stop("SIGKILL");
            }, killAfterMs);
      const code = await keel.exited;
      clearTimeout(timer);
      // Killed after it had already exited: it finished, and counts as such.
      if (code === null && !killed) throw new Error(`keel tickets approve ${ticket} died by a signal`);
      if (code !== null) durations.push(performance.now() - began);
      return { ticket, code, finished: code !== null, stdout: keel.stdout(), stderr: keel.stderr() };
    };
    // Racers of one ticket sit next to each other, so they overlap in time.
    const racers = tickets.flatMap((ticket) =>
      Array.from({ length: options.racersPerTicket }, () => ({
        ticket,
        killAfterMs: random() < killShare ? integerBetween(random, 100, 2_500) : undefined,
      })),
    );
    const raced = await mapConcurrently(racers, options.concurrency, (racer) =>
      approve(racer.ticket, racer.killAfterMs),
    );
    const finals = await mapConcurrently(tickets, options.concurrency, (ticket) =>
      approve(ticket, undefined),
    );

    const violations: string[] = [];
    const finished = raced.filter((racer) => racer.finished);
    for (const racer of finished) {
      if (racer.code !== 0)
        violations.push(`racer on ${racer.ticket} exited ${racer.code}: ${racer.stderr.trim()}`);
    }
    let unanswered = 0;
    for (const final of finals) {
      const answer = final.code === 0 ? jsonOf(final.stdout) : undefined;
      if (answer?.status !== "completed" || !String(answer.text).includes("approved your refund")) {
        unanswered += 1;
        violations.push(`final approval of ${final.ticket} did not complete: ${final.stderr.trim()}`);
      }
    }
    const ledger = await readLedger(database.url, orderIds, tickets);
    for (const [orderId, paid] of ledger.paidPerOrder) {
      if (paid.length > 1) violations.push(`${orderId} paid ${paid.length} times: ${paid.join(", ")}`);
      if (paid.length === 0) violations.push(`${orderId} was approved and never paid`);
      if (paid.some((cents) => cents !== HELD_ORDER_CENTS))
        violations.push(`${orderId} paid ${paid.join(", ")}`);
    }
    for (const [ticket, resolution] of ledger.resolutions) {
      if (resolution !== "approved") violations.push(`${ticket} records ${JSON.stringify(resolution)}`);
    }
    const paidCounts = [...ledger.paidPerOrder.values()].map((paid) => paid.length);
    const repeatedOf = (racer: (typeof finished)[number]) =>
      racer.code === 0 && jsonOf(racer.stdout).repeated === true;
    return {
      heldRuns: options.heldRuns,
      processes: raced.length + finals.length,
      killed: raced.length - finished.length,
      racersFirst: finished.filter((racer) => racer.code === 0 && !repeatedOf(racer)).length,
      racersRepeated: finished.filter(repeatedOf).length,
      refundsPaid: paidCounts.reduce((sum, count) => sum + count, 0),
      doublePayments: paidCounts.filter((count) => count > 1).length,
      lostApprovals: paidCounts.filter((count) => count === 0).length,
      unanswered,
      approval: summarizeLatencies(durations),
      durationSeconds: Math.round((performance.now() - started) / 100) / 10,
      violations,
    };
  } finally {
    await database.drop();
  }
}

/** Runs the support agent to the hold on each order and keeps each paused run in its ticket. */
async function holdRefunds(
  databaseUrl: string,
  data: SeedData,
  orderIds: readonly string[],
): Promise<string[]> {
  const backend = await createSqlBackend({ databaseUrl, data });
  try {
    const agent = supportAgent(backend, { refundLimitMode: "hold" });
    const tickets: string[] = [];
    for (const orderId of orderIds) {
      const client = new ScriptedClient([
        {
          content: [
            { type: "tool_use", name: "get_customer_by_email", input: { email: "alice@example.com" } },
          ],
        },
        {
          content: [
            {
              type: "tool_use",
              name: "process_refund",
              input: { customer_id: "C-1001", order_id: orderId, amount: 750, reason: "Stopped working" },
            },
          ],
        },
      ]);
      const result = await runAgent({
        ...agent,
        client,
        model: "claude-sonnet-4-5",
        prompt: `Please refund order ${orderId}.`,
      });
      if (result.status !== "awaiting_approval")
        throw new Error(`the ${orderId} refund was not held: ${result.status}`);
      tickets.push((await holdInTicket(backend, result)).id);
    }
    return tickets;
  } finally {
    await backend.close();
  }
}

async function readLedger(databaseUrl: string, orderIds: readonly string[], tickets: readonly string[]) {
  const backend = await createSqlBackend({ databaseUrl });
  try {
    const paidPerOrder = new Map<string, number[]>();
    for (const orderId of orderIds) {
      const listed = await backend.listRefunds(orderId);
      if (listed.kind !== "listed") throw new Error(`the store did not answer (${listed.kind})`);
      paidPerOrder.set(
        orderId,
        listed.refunds.map((refund) => refund.amountCents),
      );
    }
    const listed = await backend.listTickets();
    if (listed.kind !== "listed") throw new Error(`the store did not answer (${listed.kind})`);
    const resolutions = new Map(
      listed.tickets
        .filter((ticket) => tickets.includes(ticket.id))
        .map((ticket) => [ticket.id, ticket.resolution]),
    );
    return { paidPerOrder, resolutions };
  } finally {
    await backend.close();
  }
}
