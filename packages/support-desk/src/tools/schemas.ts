import { z } from "zod/v4";
import { moneySchema } from "./money.js";

export const customerIdSchema = z
  .string()
  .regex(/^C-\d{4,10}$/, "must be a customer id: C- followed by 4 to 10 digits, such as C-1001")
  .describe("Customer id, e.g. C-1001");

export const emailSchema = z
  .email("must be an email address such as jane@example.com")
  .max(254)
  .describe("Email address");

/**
 * Loose on purpose: the exact shape is checked by the handler so that a malformed id comes back as the
 * domain's INVALID_ORDER_ID (with the expected shape) rather than a generic schema error.
 */
export const orderIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[#A-Za-z0-9-]+$/, "must be an order id such as ORD-1001 or #12345")
  .describe("Order id, e.g. ORD-1001 or #12345");

/** Every money field of the support tools: see {@link moneySchema}. */
export const amountSchema = moneySchema;

export const reasonSchema = z.string().trim().min(3).max(500).describe("Why, in the customer's words");

export const pendingRefundSchema = z.strictObject({
  order_id: orderIdSchema,
  amount: amountSchema,
  reason: reasonSchema,
});

export const refundInputSchema = z.strictObject({
  customer_id: customerIdSchema,
  order_id: orderIdSchema,
  amount: amountSchema,
  reason: reasonSchema,
});
export type RefundInput = z.output<typeof refundInputSchema>;

export const escalationCategorySchema = z.enum([
  "refund_over_limit",
  "customer_request",
  "account_issue",
  "policy_exception",
]);

export const escalationInputSchema = z.strictObject({
  category: escalationCategorySchema.describe("Why a person is needed"),
  summary: z
    .string()
    .trim()
    .min(10)
    .max(2000)
    .describe("What the customer needs, for the person who takes over"),
  customer_id: customerIdSchema.optional(),
  pending_refund: pendingRefundSchema.optional().describe("A refund the person should decide on"),
});
export type EscalationInput = z.output<typeof escalationInputSchema>;

const isoDate = z.iso.date("must be a date as YYYY-MM-DD, such as 2025-01-31");

export const capBasisInputSchema = z.strictObject({
  customer_id: customerIdSchema,
  as_of: isoDate.optional().describe("End of the window (inclusive), YYYY-MM-DD; default today"),
  window_months: z.number().int().min(1).max(36).optional().describe("Window length in months; default 12"),
});
