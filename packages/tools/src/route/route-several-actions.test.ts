import { describe, expect, it } from "vitest";
import { describedTool } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";

// Two writes over bookings, each pointing at the other: nothing of any shipped domain, so the rules are the
// router's own.
interface BookingWrite {
  readonly name: string;
  readonly does: string;
  /** What the user asks for, as the use-when says it and as the sibling's boundary says it. */
  readonly asked: string;
  readonly mentioned: string;
}

function bookingWrite(write: BookingWrite, sibling: BookingWrite) {
  return describedTool(write.name, {
    does: write.does,
    useWhen: [`the user asks you to ${write.asked}`],
    doNotUseWhen: [{ when: `the user asks you to ${sibling.mentioned}`, useInstead: sibling.name }],
    takes: "a booking id like BK-1001",
  });
}

const cancel: BookingWrite = {
  name: "cancel_booking",
  does: "Cancels one booking; the seat is released",
  asked: "cancel a booking like BK-1001",
  mentioned: "cancel a booking",
};
const refund: BookingWrite = {
  name: "refund_payment",
  does: "Refunds one payment of a booking to the card it came from",
  asked: "refund a payment",
  mentioned: "refund a payment",
};
const bookings = [bookingWrite(cancel, refund), bookingWrite(refund, cancel)];

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
