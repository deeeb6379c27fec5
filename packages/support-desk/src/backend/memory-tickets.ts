import type { JsonObject } from "@keel/errors";
import { FIRST_GENERATED_NUMBER } from "./seed.js";
import type {
  EscalationRequest,
  EscalationResult,
  ResolveTicketResult,
  Ticket,
  TicketStatus,
} from "./types.js";

/** The memory backend's escalation tickets; a repeated idempotency key returns the first ticket. */
export function createMemoryTickets(now: () => Date) {
  const tickets = new Map<string, Ticket>();
  const byKey = new Map<string, Ticket>();
  let nextNumber = FIRST_GENERATED_NUMBER;
  return {
    create(request: EscalationRequest): EscalationResult {
      const first = request.idempotencyKey === undefined ? undefined : byKey.get(request.idempotencyKey);
      if (first) return { kind: "created", ticket: tickets.get(first.id) ?? first, duplicate: true };
      const ticket: Ticket = {
        id: `T-${nextNumber++}`,
        status: "open",
        category: request.category,
        summary: request.summary,
        customerId: request.customerId,
        pendingRequest: request.pendingRequest
          ? (structuredClone(request.pendingRequest) as JsonObject)
          : null,
        createdAt: now().toISOString(),
        resolvedAt: null,
        resolution: null,
      };
      tickets.set(ticket.id, ticket);
      if (request.idempotencyKey !== undefined) byKey.set(request.idempotencyKey, ticket);
      return { kind: "created", ticket, duplicate: false };
    },
    list(status?: TicketStatus): readonly Ticket[] {
      const all = [...tickets.values()];
      return status ? all.filter((ticket) => ticket.status === status) : all;
    },
    resolve(ticketId: string, resolution: string): ResolveTicketResult {
      const ticket = tickets.get(ticketId);
      if (!ticket) return { kind: "not_found" };
      if (ticket.status === "resolved") return { kind: "already_resolved", ticket };
      const resolved: Ticket = { ...ticket, status: "resolved", resolution, resolvedAt: now().toISOString() };
      tickets.set(ticketId, resolved);
      return { kind: "resolved", ticket: resolved };
    },
  };
}
