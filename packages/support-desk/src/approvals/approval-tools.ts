import { businessError, success, transientError, validationError } from "@keel/errors";
import { defineTool, type Tool, type ToolDescription } from "@keel/tools";
import { z } from "zod/v4";
import type { SupportBackend } from "../backend/types.js";
import { type DecideTicketOptions, decideHeldTicket, heldRunOf } from "./held-runs.js";

const DESCRIPTIONS = {
  list_pending_approvals: {
    does: "Lists the tickets whose agent run is paused until a person approves or rejects a held call",
    useWhen: [
      "a supervisor asks what is waiting for approval, or which refunds are held",
      "you need a ticket id like T-1001 before deciding one",
    ],
    doNotUseWhen: [
      { when: "you already have the ticket id and the supervisor's decision", useInstead: "decide_approval" },
    ],
    takes: "nothing",
    returns:
      "pending: one entry per held run with ticket_id, created_at, customer_id and the held calls (tool, input, " +
      "reason); an empty list when nothing waits; a transient error when the ticket store cannot be reached, " +
      "which never means nothing is pending",
  },
  decide_approval: {
    does: "Records a supervisor's approval or rejection of a held ticket and resumes its paused run to the end",
    useWhen: [
      "a supervisor approves or rejects a held ticket like T-1001",
      "a supervisor repeats a decision to see what it came to (an approval is paid once, however often it is repeated)",
    ],
    doNotUseWhen: [
      { when: "you do not know the ticket id or what is held", useInstead: "list_pending_approvals" },
    ],
    takes:
      'ticket_id like T-1001; decision "approve" or "reject"; note (optional, with approve); reason (required with reject: the customer is told it)',
    returns:
      "ticket_id, decision (the recorded one, which stands), repeated, status (the resumed run's status), " +
      "answer (its final text for the customer); a business error ALREADY_DECIDED when the ticket was " +
      "decided the other way; TICKET_NOT_HELD when the ticket holds no paused run; a transient error when the " +
      "store cannot be reached, in which case nothing was decided",
  },
} satisfies Record<string, ToolDescription>;

const decisionInput = z
  .object({
    ticket_id: z.string().regex(/^T-\d+$/, "a ticket id like T-1001"),
    decision: z.enum(["approve", "reject"]),
    note: z.string().trim().min(1).max(500).optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((input) => input.decision !== "reject" || input.reason !== undefined, {
    message: "a rejection needs a reason: the customer is told why",
    path: ["reason"],
  });

/**
 * The supervisor's tools over a store: see what is held, decide it. Deciding resumes the paused run in
 * this process (`client` continues the conversation), with the first recorded decision standing and the
 * approved call paid once under its original idempotency key. Give these tools only to a supervisor: an
 * agent must never approve its own held calls.
 */
export function createApprovalTools(backend: SupportBackend, options: DecideTicketOptions): Tool[] {
  const list = defineTool({
    name: "list_pending_approvals",
    title: "List pending approvals",
    description: DESCRIPTIONS.list_pending_approvals,
    input: z.object({}),
    effect: "read",
    handler: async () => {
      const listed = await backend.listTickets({ status: "open" });
      if (listed.kind !== "listed") return unavailable("read the held tickets", listed.kind);
      const pending = listed.tickets.flatMap((ticket) => {
        const snapshot = heldRunOf(ticket);
        if (snapshot === undefined) return [];
        const calls = snapshot.pending.map((call) => ({
          tool: call.name,
          input: call.input,
          reason: call.reason,
        }));
        return [
          { ticket_id: ticket.id, created_at: ticket.createdAt, customer_id: ticket.customerId, calls },
        ];
      });
      return success({ pending } as never);
    },
  });
  const decide = defineTool({
    name: "decide_approval",
    title: "Decide a held ticket",
    description: DESCRIPTIONS.decide_approval,
    input: decisionInput,
    effect: "write",
    idempotent: true,
    annotations: { destructiveHint: false },
    handler: async (input) => {
      const verdict =
        input.decision === "approve"
          ? { verdict: "approve" as const, ...(input.note ? { note: input.note } : {}) }
          : { verdict: "reject" as const, reason: input.reason ?? "" };
      const decided = await decideHeldTicket(backend, input.ticket_id, verdict, options);
      switch (decided.kind) {
        case "store_unavailable":
          return unavailable(
            decided.step === "read" ? "read the ticket" : "record the decision",
            decided.detail,
          );
        case "not_held":
          return validationError(
            "TICKET_NOT_HELD",
            `${decided.ticketId} is not a ticket holding a paused run; nothing was decided. ` +
              "Call list_pending_approvals for the held tickets.",
            { details: { field: "ticket_id" } },
          );
        case "already_decided":
          return businessError(
            "ALREADY_DECIDED",
            `${decided.ticketId} was already decided (${decided.decision}); that decision stands and nothing else was run.`,
            { details: { decision: decided.decision } },
          );
        case "decided":
          return success({
            ticket_id: decided.ticketId,
            decision: decided.decision,
            repeated: decided.repeated,
            status: decided.result.status,
            answer: decided.result.text,
          });
      }
    },
  });
  return [list, decide] as Tool[];
}

function unavailable(what: string, kind: string) {
  return transientError(
    "TICKET_STORE_UNAVAILABLE",
    `Could not ${what}: the ticket store did not answer (${kind}). Nothing was decided; try again shortly.`,
  );
}
