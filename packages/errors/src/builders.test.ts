import { describe, expect, it } from "vitest";
import {
  businessError,
  success,
  toolError,
  transientError,
  validationError,
  validEmpty,
} from "./builders.js";
import { CATEGORY_BUILDERS } from "./category-builders.test-helpers.js";
import { KeelConfigError } from "./keel-error.js";
import type { ErrorCategory, JsonObject } from "./types.js";

function configErrorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return KeelConfigError.isInstance(error) ? error.code : "NOT_A_CONFIG_ERROR";
  }
  return undefined;
}

describe("builders", () => {
  it("builds a success that carries its data as is", () => {
    const data = { order: "ORD-1", total: 12.5 };
    expect(success(data)).toEqual({ kind: "success", isError: false, data });
  });

  it("builds a valid empty without a data key when no data is given", () => {
    const outcome = validEmpty("ORDER_NOT_FOUND", "No order ORD-404 exists.");
    expect(outcome).toEqual({
      kind: "empty",
      isError: false,
      code: "ORDER_NOT_FOUND",
      message: "No order ORD-404 exists.",
    });
    expect("data" in outcome).toBe(false);
  });

  it("builds a valid empty that carries a resolved value", () => {
    expect(validEmpty("NO_FEES_ON_RECORD", "No fees in 12 months.", { resolved_basis: 0 }).data).toEqual({
      resolved_basis: 0,
    });
  });

  it("leaves optional error fields out instead of setting them to undefined", () => {
    expect(Object.keys(transientError("UPSTREAM_TIMEOUT", "Timed out."))).toEqual([
      "kind",
      "isError",
      "category",
      "code",
      "message",
      "retryable",
    ]);
  });

  it("keeps retryAfterMs and details", () => {
    const outcome = validationError("INVALID_ORDER_ID", "Bad id.", {
      retryAfterMs: 0,
      details: { field: "order_id" },
    });
    expect(outcome).toMatchObject({ retryAfterMs: 0, details: { field: "order_id" } });
  });

  it("lets a transient error be switched to not retryable", () => {
    expect(transientError("RATE_LIMITED_FOR_TODAY", "Quota used up.", { retryable: false }).retryable).toBe(
      false,
    );
  });

  it("refuses to make a business error retryable", () => {
    expect(configErrorCode(() => businessError("OVER_LIMIT", "Too much.", { retryable: true }))).toBe(
      "RETRYABLE_NOT_ALLOWED",
    );
  });

  it.each([
    "order_not_found",
    "OrderNotFound",
    "ORDER-NOT-FOUND",
    "_ORDER",
    "ORDER_",
    "ORDER__X",
    "1ORDER",
    "",
  ])("rejects the code %j because it is not SCREAMING_SNAKE", (code) => {
    expect(configErrorCode(() => validEmpty(code, "Nothing."))).toBe("INVALID_OUTCOME_CODE");
    expect(configErrorCode(() => transientError(code, "Timed out."))).toBe("INVALID_OUTCOME_CODE");
  });

  it.each(["", "   ", "\n\t"])("rejects the blank message %j", (message) => {
    expect(configErrorCode(() => validEmpty("ORDER_NOT_FOUND", message))).toBe("INVALID_OUTCOME_MESSAGE");
    expect(configErrorCode(() => businessError("OVER_LIMIT", message))).toBe("INVALID_OUTCOME_MESSAGE");
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("rejects retryAfterMs %s", (retryAfterMs) => {
    expect(configErrorCode(() => transientError("UPSTREAM_TIMEOUT", "Timed out.", { retryAfterMs }))).toBe(
      "INVALID_RETRY_AFTER",
    );
  });

  it("rejects an unknown category", () => {
    const category = "fatal" as ErrorCategory;
    expect(configErrorCode(() => toolError({ category, code: "BOOM", message: "Boom." }))).toBe(
      "INVALID_ERROR_CATEGORY",
    );
  });

  it("rejects details that are not a plain object", () => {
    const details = ["order_id"] as unknown as JsonObject;
    expect(configErrorCode(() => validationError("INVALID_ORDER_ID", "Bad id.", { details }))).toBe(
      "INVALID_OUTCOME_DETAILS",
    );
  });

  it.each(Object.entries(CATEGORY_BUILDERS))(
    "names the %s category builder after its export, so stack traces show it",
    (category, builder) => {
      expect(builder.name).toBe(`${category}Error`);
    },
  );
});
