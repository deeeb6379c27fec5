import { describe, expect, it } from "vitest";
import { describedDomain } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";

// Subscriptions (nothing of any shipped domain): two writes and a read. The address change is ruled out by
// its boundary towards the read whenever the request only names the billing address, as it must be for a
// question; the rule under test is that an order opening with "but" or "or" is still an order.
const subscriptions = describedDomain("subscriptions");

describe("route: an order after 'but' or 'or' is an order", () => {
  it("asks for both writes of a request with alternatives (if X do A; if not, …, but do B): AMBIGUOUS", () => {
    const result = route(
      "If pausing is possible, I want to pause my subscription for the summer. If it is not possible, " +
        "just keep it and forget about it, but change my billing address to the new flat.",
      subscriptions,
    );
    expect(result).toMatchObject({
      tool: null,
      ambiguous: ["pause_subscription", "update_billing_address"],
    });
    expect(result.disqualified.map((entry) => entry.tool)).not.toContain("update_billing_address");
    expect(result.reason).toContain('the request asks for "pausing", "change", actions of different tools');
  });

  it("reads 'or …' opening a clause as the alternative it asks for", () => {
    const result = route(
      "Pause or suspend my subscription for a while, or change my billing address if that is not possible",
      subscriptions,
    );
    expect(result.ambiguous).toEqual(["pause_subscription", "update_billing_address"]);
    expect(result.reason).toContain("actions of different tools");
  });

  it("reads a statement after 'but' as one: no second action", () => {
    const result = route(
      "Change my billing address to the new flat, but the subscription stays as it is",
      subscriptions,
    );
    expect(result.tool).toBe("update_billing_address");
  });

  it("reads 'but don't …' as declining: a negated order is no request for the write", () => {
    const result = route("Change my billing address, but don't pause my subscription", subscriptions);
    expect(result.tool).toBe("update_billing_address");
  });
});
