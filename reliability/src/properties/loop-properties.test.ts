import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { LOOP_PROPERTIES, runsFor } from "./loop-properties.js";

const sizes = readSizes("small");

describe("loop invariants over random scripts, tool outcomes, hooks and faults", () => {
  it.each(LOOP_PROPERTIES.map((property) => [property.name, property] as const))(
    "%s",
    async (_name, property) => {
      await fc.assert(
        fc.asyncProperty(property.arbitrary, async (scenario) => {
          expect(await property.check(scenario)).toEqual([]);
        }),
        { numRuns: runsFor(property, sizes.propertyRuns) },
      );
    },
  );
});
