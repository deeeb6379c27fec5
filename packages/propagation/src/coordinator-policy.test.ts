import { fromMcpResult, fromToolResultBlock, toMcpResult, toToolResultBlock } from "@keel/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reportArbitrary } from "./arbitraries.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { errorOutcome } from "./fakes.test-helpers.js";
import { outcomeFromReport } from "./report-outcome.js";
import type { SubagentReport } from "./types.js";

function failedReport(
  category: "transient" | "validation" | "business" | "permission",
  code: string,
): SubagentReport {
  return {
    agent: "orders",
    status: "failed",
    text: "",
    failure: {
      category,
      code,
      retryable: category === "transient" || category === "validation",
      message: `${code}.`,
      tool: "lookup_order",
      path: ["orders"],
    },
  };
}

const succeeded: SubagentReport = {
  agent: "orders",
  status: "succeeded",
  text: "Shipped.",
  data: { status: "shipped" },
};

describe("coordinatorPolicy", () => {
  it("retries a transient failure while attempts remain", () => {
    const report = failedReport("transient", "ORDERS_UPSTREAM_TIMEOUT");
    expect(coordinatorPolicy(report, { attempt: 1, maxAttempts: 3 })).toBe("retry");
  });

  it("escalates a transient failure once attempts run out", () => {
    const report = failedReport("transient", "ORDERS_UPSTREAM_TIMEOUT");
    expect(coordinatorPolicy(report, { attempt: 3, maxAttempts: 3 })).toBe("escalate");
  });

  it.each([
    ["business", "ALREADY_REFUNDED"],
    ["permission", "REFUND_FORBIDDEN"],
  ] as const)("escalates a %s failure on the first attempt", (category, code) => {
    expect(coordinatorPolicy(failedReport(category, code), { attempt: 1, maxAttempts: 3 })).toBe("escalate");
  });

  it("asks for a revised input after a validation failure", () => {
    const report = failedReport("validation", "INVALID_ORDER_ID");
    expect(coordinatorPolicy(report, { attempt: 1, maxAttempts: 3 })).toBe("revise");
  });

  it("escalates a validation failure repeated with unchanged input", () => {
    const report = failedReport("validation", "INVALID_ORDER_ID");
    expect(coordinatorPolicy(report, { attempt: 2, maxAttempts: 3, argumentsChanged: false })).toBe(
      "escalate",
    );
  });

  it("answers a success", () => {
    expect(coordinatorPolicy(succeeded, { attempt: 1, maxAttempts: 3 })).toBe("answer");
  });

  it("answers a valid empty", () => {
    const empty: SubagentReport = {
      agent: "orders",
      status: "empty",
      text: "No such order.",
      empty: { code: "ORDER_NOT_FOUND", message: "No order with that id." },
    };
    expect(coordinatorPolicy(empty, { attempt: 1, maxAttempts: 3 })).toBe("answer");
  });

  it("escalates a success whose data lacks a required field", () => {
    expect(coordinatorPolicy(succeeded, { attempt: 1, maxAttempts: 3, requiredFields: ["order_id"] })).toBe(
      "escalate",
    );
  });

  it("escalates on something that is neither a report nor an outcome", () => {
    const text = { status: "failed", message: "it failed" } as unknown as SubagentReport;
    expect(coordinatorPolicy(text, { attempt: 1, maxAttempts: 3 })).toBe("escalate");
  });

  it("decides a plain tool outcome from its fields", () => {
    const outage = errorOutcome("transient", "ORDERS_DB_UNREACHABLE");
    expect(coordinatorPolicy(outage, { attempt: 1, maxAttempts: 2 })).toBe("retry");
  });

  it("never reads the prose: the same fields with any message and text decide the same", () => {
    fc.assert(
      fc.property(reportArbitrary, fc.string(), fc.string({ minLength: 1 }), (report, text, message) => {
        const reworded =
          report.status === "failed"
            ? { ...report, text, failure: { ...report.failure, message } }
            : { ...report, text };
        const options = { attempt: 1, maxAttempts: 3, requiredFields: ["id"] };
        expect(coordinatorPolicy(reworded, options)).toBe(coordinatorPolicy(report, options));
      }),
    );
  });

  it("decides the same from a report, its outcome, and that outcome after either wire form", () => {
    fc.assert(
      fc.property(reportArbitrary, fc.integer({ min: 1, max: 3 }), (report, attempt) => {
        const options = { attempt, maxAttempts: 3, requiredFields: ["id"] };
        const outcome = outcomeFromReport(report);
        const expected = coordinatorPolicy(report, options);
        expect(coordinatorPolicy(outcome, options)).toBe(expected);
        expect(
          coordinatorPolicy(fromToolResultBlock(toToolResultBlock("toolu_1", outcome)).outcome, options),
        ).toBe(expected);
        expect(coordinatorPolicy(fromMcpResult(toMcpResult(outcome)), options)).toBe(expected);
      }),
    );
  });
});
