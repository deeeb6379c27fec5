import { fromMcpResult, toMcpResult } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { flattenToFailed } from "./flatten-to-failed.js";
import { outcomeFromReport } from "./report-outcome.js";
import type { SubagentReport } from "./types.js";

function failed(category: "transient" | "business", code: string, retryable: boolean): SubagentReport {
  return {
    agent: "orders",
    status: "failed",
    text: "",
    failure: { category, code, retryable, message: `${code}.`, tool: "lookup_order", path: ["orders"] },
  };
}

const outage = failed("transient", "ORDERS_UPSTREAM_TIMEOUT", true);
const refusal = failed("business", "ALREADY_REFUNDED", false);
const firstAttempt = { attempt: 1, maxAttempts: 3 };

describe("the flatten-to-'it failed' distractor", () => {
  it("leaves only the words 'it failed' on the wire", () => {
    expect(flattenToFailed(outage)).toEqual({
      content: [{ type: "text", text: "it failed" }],
      isError: true,
    });
  });

  it("loses the category: a transient outage and a business refusal read the same to the coordinator", () => {
    const flatOutage = fromMcpResult(flattenToFailed(outage));
    const flatRefusal = fromMcpResult(flattenToFailed(refusal));
    expect(flatOutage).toEqual(flatRefusal);
    expect(flatOutage).toMatchObject({ category: "unclassified", retryable: false });
    expect(coordinatorPolicy(flatOutage, firstAttempt)).toBe(coordinatorPolicy(flatRefusal, firstAttempt));
  });

  it("costs the retry: a transient outage is no longer retried once flattened", () => {
    expect(coordinatorPolicy(fromMcpResult(flattenToFailed(outage)), firstAttempt)).toBe("escalate");
  });

  it("while the real path keeps them apart: retry the outage, escalate the refusal", () => {
    const realOutage = fromMcpResult(toMcpResult(outcomeFromReport(outage)));
    const realRefusal = fromMcpResult(toMcpResult(outcomeFromReport(refusal)));
    expect(realOutage).toMatchObject({
      category: "transient",
      code: "ORDERS_UPSTREAM_TIMEOUT",
      retryable: true,
    });
    expect(coordinatorPolicy(realOutage, firstAttempt)).toBe("retry");
    expect(coordinatorPolicy(realRefusal, firstAttempt)).toBe("escalate");
  });

  it("passes a success through as the subagent's text", () => {
    const report: SubagentReport = { agent: "orders", status: "succeeded", text: "Shipped." };
    expect(flattenToFailed(report)).toEqual({
      content: [{ type: "text", text: "Shipped." }],
      isError: false,
    });
  });
});
