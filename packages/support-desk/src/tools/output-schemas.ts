import { z } from "zod/v4";

/**
 * What each support tool's success carries, declared so that MCP clients get a real `outputSchema` (and
 * check `structuredContent` against it) and the toolset checks every success before the model sees it
 * (a mismatch is an unclassified INVALID_TOOL_RESULT, never a wrong answer). `empty` and redirect
 * envelopes are allowed beside these by the toolset itself.
 */
const dollars = z.number().describe("US dollars (cents as decimals)");

export const customerOutput = z.object({
  customer_id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string().describe("account status, e.g. active or suspended"),
  tier: z.string(),
  customer_since: z.string().describe("ISO 8601"),
});

export const orderOutput = z.object({
  order_id: z.string(),
  customer_id: z.string(),
  status: z.string().describe("processing, shipped or delivered"),
  amount: dollars,
  currency: z.string(),
  refunded_amount: dollars,
  refundable_amount: dollars,
  items: z.string(),
  placed_at: z.string().describe("ISO 8601"),
});

const refunded = z.object({
  refund_id: z.string(),
  order_id: z.string(),
  customer_id: z.string(),
  amount: dollars,
  currency: z.string(),
  duplicate: z.boolean().describe("true: the same request was already paid; nothing was paid again"),
  order_amount: dollars,
  order_refunded_total: dollars,
});

const sentToPerson = z.object({
  outcome: z.literal("sent_to_person"),
  refunded: z.literal(false),
  ticket_id: z.string(),
  ticket_status: z.string(),
  category: z.string(),
  order_id: z.string(),
  amount: dollars,
  already_refunded: dollars,
  automatic_limit: dollars,
  duplicate: z.boolean(),
  note: z.string(),
});

/** A refund paid, or (over the automatic limit) a ticket holding it for a person: `refunded` tells them apart. */
export const refundOutput = z.union([refunded, sentToPerson]);

export const escalationOutput = z.object({
  ticket_id: z.string(),
  status: z.string(),
  category: z.string(),
  duplicate: z.boolean(),
  next_step: z.string(),
});

export const capBasisOutput = z.object({
  customer_id: z.string(),
  window_from: z.string(),
  window_to: z.string(),
  resolved_basis: dollars,
  currency: z.string(),
  fee_count: z.number().int(),
});
