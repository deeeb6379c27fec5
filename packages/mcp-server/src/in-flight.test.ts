import { describe, expect, it } from "vitest";
import { createInFlight } from "./in-flight.js";

describe("createInFlight", () => {
  it("is idle at once when nothing runs", async () => {
    expect(await createInFlight().idle(10)).toBe(true);
  });

  it("waits for the last unit of work, and ending one twice counts once", async () => {
    const inFlight = createInFlight();
    const first = inFlight.begin();
    const second = inFlight.begin();
    const idle = inFlight.idle(1_000);
    first();
    first();
    expect(inFlight.count).toBe(1);
    second();
    expect(await idle).toBe(true);
  });

  it("gives up after the time limit", async () => {
    const inFlight = createInFlight();
    inFlight.begin();
    expect(await inFlight.idle(5)).toBe(false);
  });
});
