import { afterAll, describe, expect, it } from "vitest";
import { LOOP_CORPUS } from "./corpus-loop.js";
import { closeLoopCaseStores, runLoopCase } from "./run-loop-case.js";

afterAll(closeLoopCaseStores);

describe("hostile model turns through the agent loop", () => {
  it.each(LOOP_CORPUS.map((testCase) => [testCase.id, testCase] as const))("%s", async (_id, testCase) => {
    const result = await runLoopCase(testCase);
    expect(result.mismatches, JSON.stringify(result.observed)).toEqual([]);
  });
});
