import { describe, expect, it } from "vitest";
import type { ToolDescription } from "../types.js";
import { route } from "./route.js";

const lookupOrder: { name: string; description: ToolDescription } = {
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
    returns: "the order's status, items, totals and shipping dates; ORDER_NOT_FOUND when there is no such order",
  },
};

const getCustomer: { name: string; description: ToolDescription } = {
  name: "get_customer",
  description: {
    does: "Looks up one customer account by email address or customer id",
    useWhen: [
      "the user asks about their account, profile or contact details",
      "the user gives an email address or a customer id like C-…",
    ],
    doNotUseWhen: [
      { when: "the request mentions an order or an order number like #12345 or ORD-…", useInstead: "lookup_order" },
    ],
    takes: "an email address or a customer id like C-1001",
    returns: "the customer's name, email, tier and account status",
  },
};

const boundaried = [getCustomer, lookupOrder];
const naive = [
  { name: "get_customer", description: "Retrieves customer information." },
  { name: "lookup_order", description: "Retrieves order information." },
];

describe("route: the headline of reference 002", () => {
  it("sends 'check order #12345 status' to the order tool when the descriptions carry boundaries", () => {
    const result = route("check order #12345 status", boundaried);
    expect(result.tool).toBe("lookup_order");
    expect(result.ambiguous).toBeNull();
    expect(result.terms).toEqual(["order", "#12345"]);
  });

  it("rules the customer tool out by its do-NOT-use boundary and points to the order tool", () => {
    const result = route("check order #12345 status", boundaried);
    expect(result.disqualified).toEqual([
      { tool: "get_customer", terms: ["order", "#12345"], useInstead: "lookup_order" },
    ]);
    expect(result.scores.get_customer).toBe(0);
  });

  it("finds the same request AMBIGUOUS between naive 'Retrieves X information' getters", () => {
    const result = route("check order #12345 status", naive);
    expect(result.tool).toBeNull();
    expect(result.ambiguous).toEqual(["get_customer", "lookup_order"]);
    expect(result.reason).toMatch(/^AMBIGUOUS/);
  });
});
