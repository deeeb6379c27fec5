import { describe, expect, it } from "vitest";
import {
  businessError,
  permissionError,
  success,
  transientError,
  unclassifiedError,
  validationError,
  validEmpty,
} from "./builders.js";
import { renderOutcomeText } from "./render-outcome-text.js";

describe("renderOutcomeText", () => {
  it("renders a transient error with its category, code, message and 'Retry the same call'", () => {
    const text = renderOutcomeText(
      transientError("ORDERS_DB_UNREACHABLE", "The orders database did not answer.", { retryAfterMs: 2000 }),
    );
    expect(text).toContain("category: transient");
    expect(text).toContain("ORDERS_DB_UNREACHABLE");
    expect(text).toContain("The orders database did not answer.");
    expect(text).toContain("Retry the same call after at least 2000 ms");
  });

  it("tells the model to fix the named field before retrying a validation error", () => {
    const text = renderOutcomeText(
      validationError("INVALID_ORDER_ID", "Order ids look like ORD-12345.", {
        details: { field: "order_id" },
      }),
    );
    expect(text).toContain('Do not retry with the same arguments; fix "order_id" first');
    expect(text).toContain('Details: {"field":"order_id"}');
  });

  it("falls back to 'the arguments' when a validation error names no field", () => {
    expect(renderOutcomeText(validationError("INVALID_INPUT", "Bad input."))).toContain(
      "fix the arguments first",
    );
  });

  it.each([
    businessError("OVER_LIMIT", "Refunds above $500 need a human."),
    permissionError("REFUND_FORBIDDEN", "Only supervisors may refund."),
    unclassifiedError("TOOL_EXCEPTION", "The tool failed unexpectedly."),
    transientError("QUOTA_EXHAUSTED", "Quota used up for today.", { retryable: false }),
  ])("tells the model not to retry a $category error that is not retryable", (outcome) => {
    expect(renderOutcomeText(outcome)).toContain("Do not retry; escalate or change plan.");
    expect(renderOutcomeText(outcome)).toContain(outcome.code);
  });

  it("says a valid empty is an answer and not an outage", () => {
    const text = renderOutcomeText(validEmpty("ORDER_NOT_FOUND", "No order #12345 exists."));
    expect(text.startsWith("ORDER_NOT_FOUND")).toBe(true);
    expect(text).toContain("not an error");
    expect(text).toContain("do not report it as a failure or an outage");
  });

  it("renders success data as JSON and a string as it is", () => {
    expect(renderOutcomeText(success({ status: "shipped" }))).toBe('{"status":"shipped"}');
    expect(renderOutcomeText(success("Shipped on 2024-05-01."))).toBe("Shipped on 2024-05-01.");
  });
});
