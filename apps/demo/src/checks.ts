import { isDeepStrictEqual } from "node:util";

/** One expectation a section asserts about its own output: the demo doubles as a smoke test. */
export interface Check {
  readonly section: string;
  readonly name: string;
  readonly passed: boolean;
  /** What was seen instead, when it failed. */
  readonly detail?: string;
}

/** Collects the checks of one section; `expect` records and returns whether the condition held. */
export interface CheckRecorder {
  readonly checks: readonly Check[];
  expect(name: string, passed: boolean, detail?: string): boolean;
  /** Shorthand for an equality, with both sides in the failure detail. */
  equal(name: string, actual: unknown, expected: unknown): boolean;
}

export function createCheckRecorder(section: string): CheckRecorder {
  const checks: Check[] = [];
  const expect = (name: string, passed: boolean, detail?: string) => {
    checks.push(
      passed || detail === undefined ? { section, name, passed } : { section, name, passed, detail },
    );
    return passed;
  };
  return {
    checks,
    expect,
    equal: (name, actual, expected) =>
      expect(
        name,
        isDeepStrictEqual(actual, expected),
        `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
      ),
  };
}

/** The name of the check a section that crashed records. */
const SECTION_RAN = "the section ran to the end";

/** A section that could not run at all is one failed check naming why, not a crash of the whole demo. */
export function failedSection(section: string, error: unknown): Check {
  const message = error instanceof Error ? error.message : String(error);
  return { section, name: SECTION_RAN, passed: false, detail: message };
}
