import { createSqlBackend, SAMPLE_DATA } from "@keel/support-desk";
import type { Refund } from "@keel/support-desk/internal";
import type { RefundAnswer, SentRefund } from "./refund-requests.js";

/** How the server stores a client's key: scoped to the tool (packages/mcp-server README, "Idempotency"). */
export const STORED_KEY_PREFIX = "mcp:process_refund:key:";

/** Reads every refund of the sample orders straight from the data directory (the server is stopped). */
export async function readLedger(dataDir: string): Promise<Refund[]> {
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
export function ledgerViolations(
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
