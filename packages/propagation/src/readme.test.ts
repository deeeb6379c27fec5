import { transientError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { coordinatorPolicy, parseReport, reportFromRun, toJson } from "./index.js";

describe("the README example", () => {
  it("retries a fee-service outage once, then escalates instead of reporting $0", () => {
    const run = {
      status: "completed",
      text: "No fees, so the exposure is $0.",
      toolCalls: [
        {
          requested: "resolve_cap_basis",
          executed: "resolve_cap_basis",
          outcome: transientError("FEE_SERVICE_UNREACHABLE", "The fee service did not answer."),
        },
      ],
    } as const;
    const report = reportFromRun("fees", run);
    const received = parseReport(toJson(report));
    const result = received.ok ? received.report : received.error;
    const options = { maxAttempts: 2, requiredFields: ["resolved_basis"] };
    expect(report).toMatchObject({
      status: "failed",
      failure: {
        category: "transient",
        code: "FEE_SERVICE_UNREACHABLE",
        tool: "resolve_cap_basis",
        path: ["fees"],
      },
    });
    expect(coordinatorPolicy(result, { ...options, attempt: 1 })).toBe("retry");
    expect(coordinatorPolicy(result, { ...options, attempt: 2 })).toBe("escalate");
  });
});
