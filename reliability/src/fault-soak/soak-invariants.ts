import { isRecord } from "@keel/errors/internal";
import type { RunResult, RunStatus } from "@keel/loop";
import type { SupportBackend } from "@keel/support-desk";
import type { Refund } from "@keel/support-desk/internal";
import type { StoreObservations } from "./observed-backend.js";
import type { SoakPlan, SoakWorld } from "./soak-plans.js";

export const TERMINAL_STATUSES: readonly RunStatus[] = [
  "completed",
  "max_iterations",
  "truncated",
  "refused",
  "context_window_exceeded",
  "max_pause_turns",
  "unknown_stop_reason",
  "awaiting_approval",
  "aborted",
  "model_error",
];

/** What a customer would read as "it does not exist". */
export const NOT_FOUND_CLAIM =
  /couldn't find|could not find|not found|does(?:n't| not) exist|no such (?:order|customer|account)/i;

const LIMIT_CENTS = 50_000;
const NOT_FOUND_CODES = new Set(["ORDER_NOT_FOUND", "CUSTOMER_NOT_FOUND"]);

const inputField = (input: unknown, key: string): unknown => (isRecord(input) ? input[key] : undefined);

/** How a run ended for the customer, for the report. */
export interface RunHonesty {
  /** The last outcome the model saw before answering was an outage (transient error). */
  readonly outageLast: boolean;
  /** The final text says something does not exist. */
  readonly claimsNotFound: boolean;
}

/**
 * The invariants one run must keep, whatever failed around it: a terminal status that matches the
 * trace's end; no refund above $500 reaching the store or paid; no outage passing for "not found" (every
 * not-found outcome names something genuinely absent, and a not-found claim in the text rests on one);
 * per idempotency key at most one new payment. Returns one sentence per violation.
 */
export function runViolations(
  plan: SoakPlan,
  result: RunResult,
  observations: StoreObservations,
  world: SoakWorld,
): { readonly violations: string[]; readonly honesty: RunHonesty } {
  const violations: string[] = [];
  const where = `chat ${plan.conversation} (${plan.kind})`;
  if (!TERMINAL_STATUSES.includes(result.status))
    violations.push(`${where}: status ${result.status} is not terminal`);
  const end = result.trace.at(-1);
  if (end?.type !== "end" || end.status !== result.status) {
    violations.push(`${where}: the trace does not end with an end event for ${result.status}`);
  }
  for (const { request, result: refund } of observations.refunds) {
    if (request.amountCents > LIMIT_CENTS) {
      violations.push(`${where}: a refund of ${request.amountCents} cents reached the store`);
    }
    if (refund.kind === "refunded" && refund.refund.amountCents > LIMIT_CENTS) {
      violations.push(`${where}: a refund of ${refund.refund.amountCents} cents was paid`);
    }
  }
  const paidPerKey = new Map<string, number>();
  for (const { request, result: refund } of observations.refunds) {
    if (refund.kind !== "refunded" || refund.duplicate) continue;
    paidPerKey.set(request.idempotencyKey, (paidPerKey.get(request.idempotencyKey) ?? 0) + 1);
  }
  for (const [key, count] of paidPerKey) {
    if (count > 1) violations.push(`${where}: idempotency key ${key} paid ${count} times`);
  }
  let notFoundOutcomes = 0;
  for (const call of result.toolCalls) {
    if (
      call.executed === "process_refund" &&
      Number(inputField(call.executedInput ?? call.input, "amount")) > 500
    ) {
      violations.push(`${where}: process_refund ran with an amount above $500`);
    }
    if (call.outcome.kind !== "empty" || !NOT_FOUND_CODES.has(call.outcome.code)) continue;
    notFoundOutcomes++;
    if (
      call.outcome.code === "ORDER_NOT_FOUND" &&
      world.orderCents.has(String(inputField(call.input, "order_id")))
    ) {
      violations.push(
        `${where}: ${call.requested} reported the existing order ${String(inputField(call.input, "order_id"))} as not found`,
      );
    }
    if (call.outcome.code === "CUSTOMER_NOT_FOUND" && inputField(call.input, "email") === plan.email) {
      violations.push(
        `${where}: ${call.requested} reported the existing customer ${plan.email} as not found`,
      );
    }
  }
  const last = result.toolCalls.at(-1)?.outcome;
  const honesty = {
    outageLast: last?.kind === "error" && last.category === "transient",
    claimsNotFound: NOT_FOUND_CLAIM.test(result.text),
  };
  if (honesty.claimsNotFound && honesty.outageLast) {
    violations.push(
      `${where}: an outage (${last?.kind === "error" ? last.code : ""}) was reported as "not found": ${JSON.stringify(result.text)}`,
    );
  } else if (honesty.claimsNotFound && notFoundOutcomes === 0) {
    violations.push(
      `${where}: the answer claims "not found" but no lookup found nothing: ${JSON.stringify(result.text)}`,
    );
  }
  return { violations, honesty };
}

/** Figures of the final ledger. */
export interface LedgerFigures {
  /** Refunds recorded against the soak's orders. */
  readonly ledgerRefunds: number;
  /** Refunds a run was told about (first payments and duplicates, by refund id). */
  readonly acknowledged: number;
  /** Answers that returned an earlier refund (`duplicate: true`) instead of paying again. */
  readonly duplicateAnswers: number;
  /** Recorded refunds whose answer every run lost (a write timeout): committed, never paid twice. */
  readonly committedUnacknowledged: number;
  /** Orders refunded in full, where more was asked for than the order's amount. */
  readonly ordersFullyRefunded: number;
  readonly largestRefundCents: number;
}

/**
 * Checks the store after the soak, with faults off: per order the refunds never exceed its amount, no
 * refund above $500, one refund per idempotency key, every refund a run was told about is recorded with
 * the amount it asked for, and every recorded refund answers a request some run made.
 */
export async function ledgerViolations(
  backend: SupportBackend,
  world: SoakWorld,
  observations: readonly StoreObservations[],
): Promise<{ readonly violations: string[]; readonly figures: LedgerFigures }> {
  const violations: string[] = [];
  const ledger: Refund[] = [];
  let ordersFullyRefunded = 0;
  for (const [orderId, amountCents] of world.orderCents) {
    const listed = await backend.listRefunds(orderId);
    if (listed.kind !== "listed") {
      violations.push(`ledger: refunds of ${orderId} could not be listed (${listed.kind})`);
      continue;
    }
    const total = listed.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
    if (total > amountCents) violations.push(`ledger: ${orderId} refunded ${total} of ${amountCents} cents`);
    if (total === amountCents) ordersFullyRefunded++;
    ledger.push(...listed.refunds);
  }
  const byKey = new Map<string, Refund[]>();
  for (const refund of ledger) {
    if (refund.amountCents > LIMIT_CENTS)
      violations.push(`ledger: refund ${refund.id} of ${refund.amountCents} cents`);
    byKey.set(refund.idempotencyKey, [...(byKey.get(refund.idempotencyKey) ?? []), refund]);
  }
  for (const [key, refunds] of byKey) {
    if (refunds.length > 1) violations.push(`ledger: idempotency key ${key} has ${refunds.length} refunds`);
  }
  const requested = new Map<string, number>();
  const acknowledged = new Map<string, { orderId: string; amountCents: number }>();
  let duplicateAnswers = 0;
  for (const { refunds } of observations) {
    for (const { request, result } of refunds) {
      requested.set(request.idempotencyKey, request.amountCents);
      if (result.kind !== "refunded") continue;
      if (result.duplicate) duplicateAnswers++;
      acknowledged.set(result.refund.id, {
        orderId: result.refund.orderId,
        amountCents: result.refund.amountCents,
      });
    }
  }
  const ledgerById = new Map(ledger.map((refund) => [refund.id, refund]));
  for (const [id, seen] of acknowledged) {
    const recorded = ledgerById.get(id);
    if (!recorded) violations.push(`ledger: acknowledged refund ${id} is missing`);
    else if (recorded.orderId !== seen.orderId || recorded.amountCents !== seen.amountCents) {
      violations.push(`ledger: refund ${id} differs from what was acknowledged`);
    }
  }
  for (const refund of ledger) {
    const asked = requested.get(refund.idempotencyKey);
    if (asked === undefined) violations.push(`ledger: refund ${refund.id} answers no request`);
    else if (asked !== refund.amountCents) violations.push(`ledger: refund ${refund.id} is partial`);
  }
  return {
    violations,
    figures: {
      ledgerRefunds: ledger.length,
      acknowledged: acknowledged.size,
      duplicateAnswers,
      committedUnacknowledged: ledger.filter((refund) => !acknowledged.has(refund.id)).length,
      ordersFullyRefunded,
      largestRefundCents: ledger.reduce((largest, refund) => Math.max(largest, refund.amountCents), 0),
    },
  };
}
