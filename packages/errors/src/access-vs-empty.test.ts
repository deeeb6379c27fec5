import { describe, expect, it } from "vitest";
import { transientError, validEmpty } from "./builders.js";
import { toMcpResult } from "./mcp-result.js";
import { recoveryFor } from "./recovery.js";
import { renderOutcomeText } from "./render-outcome-text.js";
import { toToolResultBlock } from "./tool-result-block.js";
import type { ToolOutcome } from "./types.js";

const context = { attempt: 1, maxAttempts: 3, argumentsChanged: false };

/** A lookup that knows whether its database answered. */
function lookupOrder(databaseUp: boolean, flattenOutages: boolean): ToolOutcome {
  if (databaseUp) return validEmpty("ORDER_NOT_FOUND", "No order #12345 exists.");
  if (flattenOutages) return validEmpty("ORDER_NOT_FOUND", "No order #12345 exists.");
  return transientError(
    "ORDERS_DB_UNREACHABLE",
    "The orders database did not answer, so whether order #12345 exists is unknown.",
  );
}

describe("access failure vs. valid empty", () => {
  it("distractor: an outage flattened to a valid empty is indistinguishable from a real miss on every wire", () => {
    const miss = lookupOrder(true, true);
    const outage = lookupOrder(false, true);
    expect(toToolResultBlock("toolu_1", outage)).toEqual(toToolResultBlock("toolu_1", miss));
    expect(toMcpResult(outage)).toEqual(toMcpResult(miss));
    // So the loop answers, and the model tells the customer the order does not exist: a confident lie.
    expect(recoveryFor(outage, context)).toBe("answer");
  });

  it("keeps an outage reported as a transient error apart from a miss: isError is what the loop branches on", () => {
    const miss = lookupOrder(true, false);
    const outage = lookupOrder(false, false);
    const outageBlock = toToolResultBlock("toolu_1", outage);
    expect(outageBlock.is_error).toBe(true);
    expect(toToolResultBlock("toolu_1", miss).is_error).toBeUndefined();
    expect(toMcpResult(outage).isError).toBe(true);
    expect(recoveryFor(outage, context)).toBe("retry");
    expect(recoveryFor(miss, context)).toBe("answer");
  });

  it("never words an outage as 'not found'", () => {
    const outage = lookupOrder(false, false);
    for (const text of [renderOutcomeText(outage), toToolResultBlock("toolu_1", outage).content]) {
      expect(text).not.toMatch(/NOT_FOUND|valid result|not an error/i);
      expect(text).toContain("do not say that what was asked for does not exist");
    }
  });
});
