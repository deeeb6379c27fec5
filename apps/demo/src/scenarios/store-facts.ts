import { SAMPLE_DATA, type SupportBackend, type Ticket } from "@keel/support-desk";
import type { RefundRow, StoreFacts, TicketRow } from "../demo-report.js";

/** Every refund row of the sample orders (seeded rows included), by refund id. */
export async function refundRows(backend: SupportBackend): Promise<RefundRow[]> {
  const rows: RefundRow[] = [];
  for (const order of SAMPLE_DATA.orders) {
    const result = await backend.listRefunds(order.id);
    if (result.kind !== "listed") throw new Error(`the store could not list the refunds of ${order.id}`);
    for (const refund of result.refunds) {
      rows.push({
        refundId: refund.id,
        orderId: refund.orderId,
        customerId: refund.customerId,
        amount: refund.amountCents / 100,
        reason: refund.reason,
      });
    }
  }
  return rows.sort((left, right) => left.refundId.localeCompare(right.refundId));
}

export const ticketRow = (ticket: Ticket): TicketRow => ({
  ticketId: ticket.id,
  category: ticket.category,
  customerId: ticket.customerId,
  pendingRequest: ticket.pendingRequest,
  summary: ticket.summary,
});

export async function openTickets(backend: SupportBackend): Promise<TicketRow[]> {
  const result = await backend.listTickets({ status: "open" });
  if (result.kind !== "listed") throw new Error("the store could not list the open tickets");
  return result.tickets.map(ticketRow);
}

/** What the store holds: read back from the database, not from what the agent said. */
export async function storeFacts(backend: SupportBackend, engine: string): Promise<StoreFacts> {
  return { engine, refunds: await refundRows(backend), openTickets: await openTickets(backend) };
}

/** Refunds written by the demo (not part of the sample data). */
export const isSeededRefund = (refundId: string): boolean =>
  SAMPLE_DATA.refunds.some((refund) => refund.id === refundId);
