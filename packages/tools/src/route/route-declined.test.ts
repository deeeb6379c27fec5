import { describe, expect, it } from "vitest";
import { describedDomain, describedTool, domainTool } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";

// Bookings (nothing of any shipped domain): a read and three writes, each write picked by a request to act.
// The rules under test are the router's own: what a request declines, undoes or only asks about never
// calls the write that does it.
const bookings = describedDomain("bookings");

const routed = (request: string) => {
  const result = route(request, bookings);
  return result.tool ?? (result.ambiguous ? "AMBIGUOUS" : null);
};

describe("route: a negated request to act is no request to act", () => {
  it.each([
    "I don't want a refund, just tell me where my trip on BK-1001 stands",
    "I do not want a refund for BK-1001, where does it stand?",
    "I don't really need an agent, just tell me where BK-1001 stands",
    "No need to escalate, where does BK-1001 stand?",
    "I'm not asking for a refund, where does BK-1001 stand?",
    "Without an agent please: where does BK-1001 stand?",
    "Never mind the refund, where does BK-1001 stand?",
  ])("routes %j to read_booking, never to the write it declines", (request) => {
    expect(routed(request)).toBe("read_booking");
  });

  it("still reads what the rest of the request asks for", () => {
    expect(routed("I don't want an agent, just refund BK-1001")).toBe("refund_booking");
    expect(routed("No, I want a refund for BK-1001")).toBe("refund_booking");
    expect(routed("Refund BK-1001, no agent needed")).toBe("refund_booking");
  });

  it("gives the declined tool no score from the word it declines", () => {
    const result = route("I don't want a refund for BK-1001", bookings);
    expect(result.scores.refund_booking).toBe(0);
  });
});

describe("route: undoing a write's action is no request for that write", () => {
  it.each([
    "Cancel the refund on BK-1001",
    "Undo the refund for BK-1001",
    "Please reverse the refund on BK-1001",
    "Stop the refund for BK-1001",
    "I want the refund on BK-1001 cancelled",
    "Cancel my refund",
  ])("never routes %j to refund_booking", (request) => {
    expect(routed(request)).not.toBe("refund_booking");
  });

  it("calls a write picked by the verb that undoes another write's action AMBIGUOUS between them", () => {
    const cancelBooking = describedTool("cancel_booking", {
      does: "Cancels one booking",
      useWhen: ["the user asks you to cancel a booking"],
      takes: "a booking id like BK-1001",
    });
    const refundBooking = domainTool("bookings", "refund_booking");
    const writes = [cancelBooking, refundBooking].map((tool) => ({ ...tool, effect: "write" as const }));
    const result = route("Cancel the refund on BK-1001", writes);
    expect(result.ambiguous).toEqual(["cancel_booking", "refund_booking"]);
    expect(result.reason).toContain(
      'cancel_booking is picked by "cancel", which undoes what refund_booking does',
    );
  });

  it("ends the undone object at a coordinated verb: the next action is requested", () => {
    expect(routed("Cancel the refund on BK-1001 and get me an agent")).toBe("call_agent");
  });
});

describe("route: a question about a write is not an order to do it", () => {
  it.each([
    [
      "Can I get a refund if the trip was cancelled by the airline?",
      "no order: a condition makes it a policy question",
    ],
    ["Is it possible to get a refund for BK-1001?", "is it possible …"],
    ["Would I be able to get a refund on BK-1001?", "would I be able to …"],
    ["Could I get my money back for BK-1001 once the trip is over?", "a condition"],
  ])("never routes %j to refund_booking (%s)", (request) => {
    expect(routed(request)).not.toBe("refund_booking");
  });

  it("routes a polite request to refund_booking: addressed to someone, or from the speaker with no condition", () => {
    expect(routed("Can you refund BK-1001?")).toBe("refund_booking");
    expect(routed("Could you refund BK-1001 please?")).toBe("refund_booking");
    expect(routed("Can I get a refund for BK-1001?")).toBe("refund_booking");
    expect(routed("Could I get my money back for BK-1001, if possible?")).toBe("refund_booking");
  });
});
