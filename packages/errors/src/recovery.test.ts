import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorArbitrary } from "./arbitraries.test-helpers.js";
import {
  businessError,
  permissionError,
  success,
  transientError,
  unclassifiedError,
  validationError,
  validEmpty,
} from "./builders.js";
import { KeelConfigError } from "./keel-error.js";
import { type RecoveryContext, recoveryFor } from "./recovery.js";
import type { ErrorOutcome } from "./types.js";

const first: RecoveryContext = { attempt: 1, maxAttempts: 3, argumentsChanged: false };
const last: RecoveryContext = { attempt: 3, maxAttempts: 3, argumentsChanged: true };

const contextArbitrary = fc.record({
  attempt: fc.integer({ min: 1, max: 50 }),
  maxAttempts: fc.integer({ min: 1, max: 50 }),
  argumentsChanged: fc.boolean(),
});

describe("recoveryFor", () => {
  it("answers a success and a valid empty", () => {
    expect(recoveryFor(success({ ok: true }), first)).toBe("answer");
    expect(recoveryFor(validEmpty("ORDER_NOT_FOUND", "None."), last)).toBe("answer");
  });

  it("retries a transient error while attempts remain, then escalates", () => {
    const outcome = transientError("UPSTREAM_TIMEOUT", "Timed out.");
    expect(recoveryFor(outcome, first)).toBe("retry");
    expect(recoveryFor(outcome, { attempt: 2, maxAttempts: 3, argumentsChanged: false })).toBe("retry");
    expect(recoveryFor(outcome, last)).toBe("escalate");
  });

  it("escalates a transient error that was switched to not retryable", () => {
    expect(recoveryFor(transientError("QUOTA_EXHAUSTED", "Used up.", { retryable: false }), first)).toBe(
      "escalate",
    );
  });

  it("asks to revise the arguments of a validation error, then escalates when attempts run out", () => {
    const outcome = validationError("INVALID_ORDER_ID", "Bad id.");
    expect(recoveryFor(outcome, first)).toBe("revise-arguments");
    expect(recoveryFor(outcome, { attempt: 2, maxAttempts: 3, argumentsChanged: true })).toBe(
      "revise-arguments",
    );
    expect(recoveryFor(outcome, last)).toBe("escalate");
  });

  it("escalates a validation error repeated with the same arguments", () => {
    const outcome = validationError("INVALID_ORDER_ID", "Bad id.");
    expect(recoveryFor(outcome, { attempt: 2, maxAttempts: 5, argumentsChanged: false })).toBe("escalate");
  });

  it("escalates business, permission and unclassified errors at the first attempt", () => {
    expect(recoveryFor(businessError("OVER_LIMIT", "Too much."), first)).toBe("escalate");
    expect(recoveryFor(permissionError("REFUND_FORBIDDEN", "No."), first)).toBe("escalate");
    expect(recoveryFor(unclassifiedError("TOOL_EXCEPTION", "Failed."), first)).toBe("escalate");
  });

  it("never retries a business or permission error, at any attempt, even when it claims to be retryable", () => {
    const claimsRetryable = (outcome: ErrorOutcome): ErrorOutcome => ({ ...outcome, retryable: true });
    const outcomes = fc.constantFrom(
      businessError("OVER_LIMIT", "Too much."),
      permissionError("REFUND_FORBIDDEN", "No."),
      claimsRetryable(businessError("ALREADY_REFUNDED", "Done already.")),
      claimsRetryable(permissionError("NOT_OWNER", "Not yours.")),
    );
    fc.assert(
      fc.property(outcomes, contextArbitrary, (outcome, context) => {
        expect(recoveryFor(outcome, context)).toBe("escalate");
      }),
    );
  });

  it("never retries anything once attempts are exhausted", () => {
    fc.assert(
      fc.property(errorArbitrary, contextArbitrary, (outcome, { maxAttempts, argumentsChanged }) => {
        expect(recoveryFor(outcome, { attempt: maxAttempts, maxAttempts, argumentsChanged })).toBe(
          "escalate",
        );
      }),
    );
  });

  it("only ever says retry for a retryable transient error", () => {
    fc.assert(
      fc.property(errorArbitrary, contextArbitrary, (outcome, context) => {
        if (recoveryFor(outcome, context) === "retry") {
          expect(outcome).toMatchObject({ category: "transient", retryable: true });
        }
      }),
    );
  });

  it.each([
    { attempt: 0, maxAttempts: 3, argumentsChanged: false },
    { attempt: 1, maxAttempts: 0, argumentsChanged: false },
    { attempt: 1.5, maxAttempts: 3, argumentsChanged: false },
    { attempt: 1, maxAttempts: Number.NaN, argumentsChanged: false },
  ])("throws a KeelConfigError for the invalid context %j", (context) => {
    expect(() => recoveryFor(success(1), context)).toThrow(KeelConfigError);
  });
});
