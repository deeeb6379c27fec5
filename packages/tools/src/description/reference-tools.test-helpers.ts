import type { ToolDescription } from "../types.js";

/** A tool as the router and the linter read it: a name and a structured description. */
export interface DescribedFixture {
  readonly name: string;
  readonly description: ToolDescription;
}

/** A tool described by what it does and only the other parts a test needs; the parts left out are empty. */
export function describedTool(
  name: string,
  parts: Pick<ToolDescription, "does"> & Partial<ToolDescription>,
): DescribedFixture {
  return { name, description: { useWhen: [], doNotUseWhen: [], takes: "", returns: "", ...parts } };
}

/** The order tool of reference 002's headline, whose boundary sends account questions to get_customer. */
export const lookupOrder: DescribedFixture = {
  name: "lookup_order",
  description: {
    does: "Looks up one order by its order number and returns its status, items and shipping",
    useWhen: [
      "the user gives an order number like #12345 or ORD-…",
      "the user asks where an order is, what it contains or when it ships",
    ],
    doNotUseWhen: [
      { when: "the user asks about their account, profile or contact details", useInstead: "get_customer" },
    ],
    takes: "an order number like #12345 or ORD-12345",
    returns:
      "the order's status, items, totals and shipping dates; ORDER_NOT_FOUND when there is no such order",
  },
};

/** The customer tool of the same headline, whose boundary sends anything about an order to lookup_order. */
export const getCustomer: DescribedFixture = {
  name: "get_customer",
  description: {
    does: "Looks up one customer account by email address or customer id",
    useWhen: [
      "the user asks about their account, profile or contact details",
      "the user gives an email address or a customer id like C-…",
    ],
    doNotUseWhen: [
      {
        when: "the request mentions an order or an order number like #12345 or ORD-…",
        useInstead: "lookup_order",
      },
    ],
    takes: "an email address or a customer id like C-1001",
    returns: "the customer's name, email, tier and account status",
  },
};

/** The same two tools described the naive way ("Retrieves X information"): no parts, no boundaries. */
export const naive = [
  { name: "get_customer", description: "Retrieves customer information." },
  { name: "lookup_order", description: "Retrieves order information." },
] as const;
