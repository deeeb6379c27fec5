import { describe, expect, it } from "vitest";
import { describedTool } from "../description/reference-tools.test-helpers.js";
import type { ToolEffect } from "../types.js";
import { route } from "./route.js";

// Booking writes (nothing of any shipped domain): two twins that take the same request and differ only by
// the booking's state, and a cancel. The rule under test is the router's own: a write wins alone only by a
// clear lead over every other write, or when the request states what rules the rival out.
const UPCOMING = "the booking is upcoming: the trip has not started yet";
const PAST = "the trip is completed, in the user's trip history";

function bookings(effect: ToolEffect) {
  const rebook = describedTool("rebook_upcoming_trip", {
    does: "Moves an upcoming booking to another date",
    useWhen: ["the user asks to change or move the date of an upcoming booking, to travel on another day"],
    doNotUseWhen: [{ when: PAST, useInstead: "amend_past_trip" }],
    takes: "a booking id like BK-1001",
  });
  const amend = describedTool("amend_past_trip", {
    does: "Corrects the record of a past trip, such as its date, for the expense report",
    useWhen: ["the user asks to change or move the date of a completed booking, to correct their records"],
    doNotUseWhen: [{ when: UPCOMING, useInstead: "rebook_upcoming_trip" }],
    takes: "a booking id like BK-1001",
  });
  const cancel = describedTool("cancel_trip", {
    does: "Cancels an upcoming booking and refunds it",
    useWhen: ["the user asks to cancel a booking"],
    takes: "a booking id like BK-1001",
  });
  return [rebook, amend, cancel].map((tool) => ({ ...tool, effect }));
}

describe("route: a write wins alone only when no other write contests it", () => {
  it("calls twin writes AMBIGUOUS when one leads by an incidental word, no stated condition", () => {
    const result = route("Please change the date of booking BK-1001 so I can travel", bookings("write"));
    expect(result).toMatchObject({ tool: null, ambiguous: ["amend_past_trip", "rebook_upcoming_trip"] });
    expect(result.reason).toContain(
      "rebook_upcoming_trip leads amend_past_trip by 1 where a write needs 2 (the request states no condition",
    );
  });

  it("sends the request to the twin whose condition it states, even by one word", () => {
    expect(route("Please change the date of my upcoming booking BK-1001", bookings("write")).tool).toBe(
      "rebook_upcoming_trip",
    );
    expect(route("Please change the date of my completed booking BK-1001", bookings("write")).tool).toBe(
      "amend_past_trip",
    );
  });

  it("settles nothing by a stated condition when the request states both twins' conditions", () => {
    const result = route(
      "Please change the date of my completed booking BK-1001 to the day of my upcoming one",
      bookings("write"),
    );
    expect(result).toMatchObject({ tool: null, ambiguous: ["amend_past_trip", "rebook_upcoming_trip"] });
    expect(result.reason).toContain(
      "leads amend_past_trip by 1 where a write needs 2 (the request states the conditions of both)",
    );
  });

  it("calls a write AMBIGUOUS when a rival write names another action the request asks for", () => {
    const result = route(
      "Cancel BK-1001, or else change the date of the upcoming booking",
      bookings("write"),
    );
    expect(result.tool).toBeNull();
    expect(result.ambiguous).toContain("cancel_trip");
  });

  it("holds reads to nothing of the kind: the higher score still wins between them", () => {
    const result = route("Please change the date of booking BK-1001 so I can travel", bookings("read"));
    expect(result).toMatchObject({ tool: "rebook_upcoming_trip", ambiguous: null });
  });
});
