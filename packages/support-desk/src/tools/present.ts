import type { Customer, Order } from "../backend/types.js";
import { dollars } from "./money.js";

/** What the model reads about a customer: the verified id first, no internal fields. */
export const customerView = (customer: Customer) => ({
  customer_id: customer.id,
  name: customer.name,
  email: customer.email,
  status: customer.status,
  tier: customer.tier,
  customer_since: customer.createdAt,
});

export const orderView = (order: Order) => ({
  order_id: order.id,
  customer_id: order.customerId,
  status: order.status,
  amount: dollars(order.amountCents),
  currency: order.currency,
  refunded_amount: dollars(order.refundedCents),
  refundable_amount: dollars(order.amountCents - order.refundedCents),
  items: order.itemSummary,
  placed_at: order.placedAt,
});
