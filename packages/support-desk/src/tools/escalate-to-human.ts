import { type JsonObject, success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import type { SupportBackend } from "../backend/types.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { normalizeOrderId } from "./order-id.js";
import { escalationOutput } from "./output-schemas.js";
import { type EscalationInput, escalationInputSchema } from "./schemas.js";
import { isStoreFailure, storeFailureOutcome } from "./store-outcomes.js";

export function escalateToHumanTool(backend: SupportBackend) {
  return defineTool({
    name: "escalate_to_human",
    title: "Escalate to a person",
    description: SUPPORT_DESCRIPTIONS.escalate_to_human,
    input: escalationInputSchema,
    output: escalationOutput,
    effect: "write",
    idempotent: true,
    // Opening a ticket adds a record and destroys nothing.
    annotations: { destructiveHint: false },
    handler: async (input, context) => {
      const result = await backend.createEscalation({
        category: input.category,
        summary: input.summary,
        customerId: input.customer_id ?? null,
        pendingRequest: pendingRequestOf(input),
        ...(context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}),
      });
      if (isStoreFailure(result)) {
        return storeFailureOutcome(
          "tickets",
          result,
          " Until it succeeds no person knows about this request: do not tell the customer it was escalated.",
        );
      }
      return success({
        ticket_id: result.ticket.id,
        status: result.ticket.status,
        category: result.ticket.category,
        duplicate: result.duplicate,
        next_step:
          "A person from the support team will contact the customer; tell them so, with the ticket id.",
      });
    },
  });
}

/** The action waiting for a person, in the shape of the tool call that would carry it out. */
function pendingRequestOf(input: EscalationInput): JsonObject | null {
  const refund = input.pending_refund;
  if (!refund) return null;
  return {
    tool: "process_refund",
    input: {
      ...(input.customer_id ? { customer_id: input.customer_id } : {}),
      order_id: normalizeOrderId(refund.order_id) ?? refund.order_id,
      amount: refund.amount,
      reason: refund.reason,
    },
  };
}
