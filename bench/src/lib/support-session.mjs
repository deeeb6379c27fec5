/**
 * Bench 6's 10-round support session: the six support tools plus one verbose read tool,
 * `get_order_history`, that returns raw store rows the way many CRMs do (every column, addresses, long
 * internal notes) — the kind of payload the trimming post-hooks exist for. The support tools themselves
 * already return compact views, so on their own the hooks have little to trim.
 */

export const SUPPORT_PROMPT =
  "Hi, I'm alice@example.com. My ceramic mug set (ORD-1001) arrived broken. Can I get $20 back, and how " +
  "do my other orders look? I'd also like someone to review the late fees on my account.";

/** @type {Array<[string, string, Record<string, unknown>]>} text, tool, input for each of the 10 rounds */
const ROUNDS = [
  ["Let me find your account.", "get_customer_by_email", { email: "alice@example.com" }],
  ["I'll pull up your order history.", "get_order_history", { customer_id: "C-1001" }],
  ["Checking the mug set order.", "lookup_order", { order_id: "ORD-1001" }],
  ["And the espresso machine.", "lookup_order", { order_id: "ORD-1002" }],
  ["And the wool blanket.", "lookup_order", { order_id: "ORD-1003" }],
  [
    "Let me see the fees on your account.",
    "resolve_cap_basis",
    { customer_id: "C-1001", as_of: "2026-11-22" },
  ],
  ["Confirming your account details.", "get_customer_by_id", { customer_id: "C-1001" }],
  [
    "Refunding $20 for the broken mug set.",
    "process_refund",
    { customer_id: "C-1001", order_id: "ORD-1001", amount: 20, reason: "Arrived broken" },
  ],
  ["Let me confirm the refund shows on your history.", "get_order_history", { customer_id: "C-1001" }],
  [
    "I'm asking a colleague to review your fees.",
    "escalate_to_human",
    {
      category: "customer_request",
      customer_id: "C-1001",
      summary: "Customer asks for a review of the late payment fees charged in the last 12 months ($40.00).",
    },
  ],
];

export const SUPPORT_ROUNDS = ROUNDS.length;

/**
 * The response to request `round` (0-based), without usage so the fake server computes it.
 * @param {number} round
 */
export function supportResponse(round) {
  const step = ROUNDS[round];
  if (step === undefined) {
    return {
      content: [
        {
          type: "text",
          text:
            "I've refunded $20.00 for the broken mug set (ORD-1001); your other orders were delivered, and a " +
            "colleague will review the fees on your account and contact you.",
        },
      ],
    };
  }
  const [text, name, input] = step;
  const id = `toolu_support${String(round).padStart(4, "0")}x`;
  return {
    content: [
      { type: "text", text },
      { type: "tool_use", id, name, input },
    ],
  };
}

/** Raw order rows for `get_order_history`: every column, as a store hands them out. */
export function rawOrderHistory(/** @type {string} */ customerId, /** @type {number} */ refundedCents) {
  const orders = [
    ["ORD-1001", 5000, "delivered", "Ceramic mug set", "2026-10-02T10:00:00.000Z"],
    ["ORD-1002", 75000, "delivered", "Espresso machine", "2026-09-21T16:20:00.000Z"],
    ["ORD-1003", 12000, "delivered", "Wool blanket", "2026-08-11T08:15:00.000Z"],
    ["ORD-0987", 2400, "delivered", "Tea sampler", "2026-05-14T09:12:00.000Z"],
    ["ORD-0954", 18900, "returned", "Cast iron pan", "2026-03-02T17:45:00.000Z"],
    ["ORD-0921", 6450, "delivered", "Linen napkins", "2026-01-19T11:30:00.000Z"],
  ];
  const address = {
    line1: "14 Harbour View Road",
    line2: "Apartment 3B",
    city: "Portland",
    region: "OR",
    postal_code: "97205",
    country: "US",
    phone: "+1-503-555-0142",
  };
  return {
    customer_id: customerId,
    orders: orders.map(([id, amountCents, status, items, placedAt], index) => ({
      order_id: id,
      customer_id: customerId,
      status,
      amount: Number(amountCents) / 100,
      refundable_amount: (Number(amountCents) - (index === 0 ? refundedCents : 0)) / 100,
      currency: "USD",
      items,
      placed_at: placedAt,
      updated_at: placedAt,
      warehouse_code: `PDX-${3 + index}`,
      fulfilment_partner: "Northwind Logistics",
      carrier: "UPS",
      tracking_number: `1Z999AA1${String(1234567890 + index)}`,
      shipping_address: address,
      billing_address: address,
      payment_method: { brand: "visa", last4: "4242", exp: "04/29", wallet: null },
      risk_score: 0.03 + index / 100,
      channel: "web",
      coupon_codes: [],
      internal_notes:
        "Customer contacted support about delivery timing; agent confirmed the carrier scan and shared the " +
        "tracking link. Packaging audit: standard box, two layers of recycled paper, fragile sticker applied " +
        "at the warehouse. No prior damage claims on this order; customer tier gold since 2023. Follow-up: " +
        "none required unless the customer replies. Batch QA reference 2026-Q3-7781, inspector initials MK.",
    })),
  };
}
