import fc from "fast-check";
import { LOOP_PROPERTIES, runsFor } from "./loop-properties.js";

export interface PropertyReport {
  readonly name: string;
  readonly runs: number;
  readonly failed: boolean;
  /** The shrunk counterexample and what broke, when it failed. */
  readonly counterexample?: string;
  readonly durationMs: number;
}

/** Checks every loop property with `runs` random scenarios (fc.check: a failure is reported, not thrown). */
export async function runLoopProperties(runs: number, seed = 7): Promise<PropertyReport[]> {
  const reports: PropertyReport[] = [];
  for (const property of LOOP_PROPERTIES) {
    const started = performance.now();
    let lastViolations: string[] = [];
    const details = await fc.check(
      fc.asyncProperty(property.arbitrary, async (scenario) => {
        lastViolations = await property.check(scenario);
        return lastViolations.length === 0;
      }),
      { numRuns: runsFor(property, runs), seed },
    );
    reports.push({
      name: property.name,
      runs: details.numRuns,
      failed: details.failed,
      ...(details.failed
        ? { counterexample: `${JSON.stringify(details.counterexample)} → ${lastViolations.join("; ")}` }
        : {}),
      durationMs: Math.round(performance.now() - started),
    });
  }
  return reports;
}
