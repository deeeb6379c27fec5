import { businessError, permissionError, success, validationError, validEmpty } from "@keel/errors";
import { defineTool, type ToolContext } from "@keel/tools";
import { canonicalJson, type HandlerOutcome } from "@keel/tools/internal";
import type { z } from "zod/v4";
import type { RefundResult, SupportBackend } from "../backend/types.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { invalidOrderId } from "./lookup-order.js";
import { dollars, formatDollars, toCents } from "./money.js";
import { normalizeOrderId } from "./order-id.js";
import { refundOutput } from "./output-schemas.js";
import { type RefundInput, refundInputSchema } from "./schemas.js";
import { storeFailureOutcome } from "./store-outcomes.js";

export interface RefundPolicy {
  /** Refunds strictly above this many dollars are refused here (the hook redirects them earlier). */
  readonly refundLimit: number;
  /** Roles (ToolContext.metadata.role) allowed to pay refunds. */
  readonly refundRoles: readonly string[];
  /** The role assumed when the caller passed none: trusted in-process use. Apps that authenticate pass one. */
  readonly defaultRole: string;
}

const TIMEOUT_NOTE =
  " A refund that timed out may have been recorded: retrying this exact call is safe because it carries the " +
  "same idempotency key and is never paid twice; never change the amount to retry.";

export function processRefundTool(backend: SupportBackend, policy: RefundPolicy) {
  return defineTool({
    name: "process_refund",
    title: "Refund an order",
    description: SUPPORT_DESCRIPTIONS.process_refund,
    input: refundInputSchema,
    output: refundOutput,
    effect: "write",
    idempotent: true,
    handler: async (input, context) => {
      const role = typeof context.metadata.role === "string" ? context.metadata.role : policy.defaultRole;
      if (!policy.refundRoles.includes(role)) {
        return permissionError(
          "REFUND_FORBIDDEN",
          `The caller's role "${role}" may not issue refunds. Do not retry; use escalate_to_human with the ` +
            "refund as pending_refund so someone allowed to refund decides.",
          { details: { role, allowed: [...policy.refundRoles] } },
        );
      }
      const orderId = normalizeOrderId(input.order_id);
      if (!orderId) return invalidOrderId(input.order_id);
      const amountCents = toCents(input.amount);
      // A refund a supervisor approved is no longer automatic: the limit sent it to them, not back again.
      if (context.approved !== true && amountCents > toCents(policy.refundLimit)) {
        return businessError(
          "REFUND_LIMIT_EXCEEDED",
          `Refunds above ${formatDollars(toCents(policy.refundLimit))} are never paid automatically. Do not ` +
            "retry or split it; call escalate_to_human with the refund as pending_refund.",
        );
      }
      const result = await backend.processRefund({
        customerId: input.customer_id,
        orderId,
        amountCents,
        reason: input.reason,
        idempotencyKey: context.idempotencyKey ?? fallbackKey(input, context),
        // The per-order rule is the store's, in the refund's own transaction: the hook only answers early.
        ...(context.approved === true ? {} : { automaticLimitCents: toCents(policy.refundLimit) }),
      });
      return refundOutcome(result, input, orderId);
    },
  });
}

/** A direct call without the loop's key still gets a stable one: same run, same input, same key. */
function fallbackKey(input: RefundInput, context: ToolContext): string {
  return `${context.runId}:process_refund:${canonicalJson(input)}`;
}

function refundOutcome(
  result: RefundResult,
  input: RefundInput,
  orderId: string,
): HandlerOutcome<z.input<typeof refundOutput>> {
  switch (result.kind) {
    case "refunded":
      return success({
        refund_id: result.refund.id,
        order_id: result.refund.orderId,
        customer_id: result.refund.customerId,
        amount: dollars(result.refund.amountCents),
        currency: "USD",
        duplicate: result.duplicate,
        order_amount: dollars(result.order.amountCents),
        order_refunded_total: dollars(result.order.refundedCents),
      });
    case "order_not_found":
      return validEmpty(
        "ORDER_NOT_FOUND",
        `We looked: there is no order ${orderId}, so nothing was refunded. Ask the customer to check the number.`,
        { order_id: orderId },
      );
    case "customer_mismatch":
      return businessError(
        "CUSTOMER_MISMATCH",
        `Order ${orderId} does not belong to customer ${input.customer_id}; nothing was refunded. A refund only ` +
          "goes to the order's own customer: do not retry with another customer id. Ask the customer to confirm " +
          "the order number, or escalate_to_human.",
      );
    case "account_suspended":
      return businessError(
        "ACCOUNT_SUSPENDED",
        `Customer ${input.customer_id}'s account is suspended, so no refund can be paid. Do not retry; tell the ` +
          "customer and offer escalate_to_human.",
      );
    case "already_refunded":
      return businessError(
        "ALREADY_REFUNDED",
        `Order ${orderId} was already refunded in full (${formatDollars(result.order.refundedCents)}); ` +
          "nothing more was paid. Do not retry; tell the customer the refund was already issued.",
        { details: { order_id: orderId, refunded_amount: dollars(result.order.refundedCents) } },
      );
    case "exceeds_order":
      return businessError(
        "REFUND_EXCEEDS_ORDER",
        `Only ${formatDollars(result.remainingCents)} of order ${orderId} can still be refunded; ` +
          `${formatDollars(toCents(input.amount))} was not paid. Do not retry this amount; confirm with the ` +
          "customer, or escalate_to_human.",
        { details: { order_id: orderId, refundable_amount: dollars(result.remainingCents) } },
      );
    case "over_limit":
      return success({
        outcome: "sent_to_person",
        refunded: false,
        ticket_id: result.ticket.id,
        ticket_status: result.ticket.status,
        category: result.ticket.category,
        order_id: orderId,
        amount: input.amount,
        already_refunded: dollars(result.order.refundedCents),
        automatic_limit: dollars(result.limitCents),
        duplicate: result.duplicate,
        note:
          `No money was paid: automatic refunds of ${orderId} may total at most ${formatDollars(result.limitCents)} ` +
          `and ${formatDollars(result.order.refundedCents)} is already refunded, so ticket ${result.ticket.id} holds ` +
          "this refund for a person. Tell the customer a person will review it, with the ticket id; never say the " +
          "refund was made, and do not retry or split it.",
      });
    case "key_reused":
      return validationError(
        "IDEMPOTENCY_KEY_REUSED",
        "This idempotency key was already used for a different refund request, so nothing was done. Use a new " +
          "key for a new request; repeat a request only with exactly the same order, customer, amount and reason.",
        { details: { field: "idempotency_key" } },
      );
    default:
      return storeFailureOutcome("orders", result, TIMEOUT_NOTE);
  }
}
