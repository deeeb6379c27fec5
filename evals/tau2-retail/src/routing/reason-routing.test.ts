import { describe, expect, it } from "vitest";
import { routeReasons, routingTable } from "./reason-routing.js";

describe("the router on τ²'s reason_for_call", () => {
  const routings = routeReasons();

  it("covers every task whose gold actions write", () => {
    expect(routings.length).toBeGreaterThan(100);
  });

  // Not yet 0 (issue 31): multi-intent reasons ("return X and exchange Y", "change it, else cancel") route to
  // the user's other wish. Pinned so a description change that adds or removes one is seen.
  it("routes to a different write tool than the first gold write on 8 tasks (unsafe: 6 train, 2 test)", () => {
    expect(
      routings.filter((routing) => routing.verdict === "other-write").map((routing) => routing.task_id),
    ).toEqual(["19", "31", "32", "44", "81", "85", "88", "101"]);
  });

  it("prints one row per split", () => {
    expect(routingTable(routings).split("\n")).toHaveLength(4);
  });
});
