import { describe, expect, it } from "vitest";
import type { DescribedFixture } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";

// Two writes over bookings, each pointing at the other: nothing of any shipped domain, so the rules are the
// router's own.
const cancelBooking: DescribedFixture = {
  name: "cancel_booking",
  description: {
    does: "Cancels one booking; the seat is released",
    useWhen: ["the user asks you to cancel a booking like BK-1001"],
    doNotUseWhen: [{ when: "the user asks you to refund a payment", useInstead: "refund_payment" }],
    takes: "a booking id like BK-1001",
    returns: "the cancelled booking",
  },
};
const refundPayment: DescribedFixture = {
  name: "refund_payment",
  description: {
    does: "Refunds one payment of a booking to the card it came from",
    useWhen: ["the user asks you to refund a payment"],
    doNotUseWhen: [{ when: "the user asks you to cancel a booking", useInstead: "cancel_booking" }],
    takes: "a booking id like BK-1001",
    returns: "the refund",
  },
};
const bookings = [cancelBooking, refundPayment];

describe("route: a request that asks for several actions", () => {
  it("sends each single action to its tool", () => {
    expect(route("Cancel booking BK-1001", bookings).tool).toBe("cancel_booking");
    expect(route("Please refund the payment", bookings).tool).toBe("refund_payment");
  });

  it("calls two actions of two tools AMBIGUOUS, naming the actions, whichever tool scores more", () => {
    const result = route("Cancel BK-1001 and refund the payment for the booking", bookings);
    expect(result).toMatchObject({ tool: null, ambiguous: ["cancel_booking", "refund_payment"] });
    expect(result.reason).toContain('the request asks for "cancel", "refund", actions of different tools');
  });

  it("does not let a boundary rule out a tool whose own action the request also asks for", () => {
    const result = route("I want BK-1001 canceled, then refund the payment", bookings);
    expect(result.disqualified).toEqual([]);
    expect(result.ambiguous).toEqual(["cancel_booking", "refund_payment"]);
  });

  it("still lets a boundary rule a tool out when the request asks for nothing of the tool's own", () => {
    const result = route("refund the payment of booking BK-1001", bookings);
    expect(result.tool).toBe("refund_payment");
    expect(result.disqualified.map((entry) => entry.tool)).toEqual(["cancel_booking"]);
  });
});

describe("route: an order to try an action", () => {
  it("reads 'see if it can be canceled' as asking for the cancel, 'check whether it was' as a question", () => {
    const asked = route("Refund the payment. If that fails, see if BK-1001 can be canceled", bookings);
    expect(asked.ambiguous).toEqual(["cancel_booking", "refund_payment"]);
    const question = route("Refund the payment, and check whether BK-1001 was canceled", bookings);
    expect(question.tool).toBe("refund_payment");
  });
});
