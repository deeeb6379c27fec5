import { describe, expect, it } from "vitest";
import {
  businessError,
  permissionError,
  transientError,
  unclassifiedError,
  validationError,
} from "./builders.js";
import { CATEGORY_DEFAULTS, ERROR_CATEGORIES } from "./categories.js";

describe("category defaults", () => {
  it("lists the four categories of the taxonomy, then unclassified", () => {
    expect(ERROR_CATEGORIES).toEqual(["transient", "validation", "business", "permission", "unclassified"]);
  });

  it("makes a transient error retryable: the same call may succeed later", () => {
    const outcome = transientError("ORDERS_UPSTREAM_TIMEOUT", "The orders service timed out.");
    expect(outcome).toMatchObject({ kind: "error", isError: true, category: "transient", retryable: true });
  });

  it("makes a validation error retryable: a retry works once the arguments change", () => {
    const outcome = validationError("INVALID_ORDER_ID", "Order ids look like ORD-12345.");
    expect(outcome).toMatchObject({ category: "validation", retryable: true });
  });

  it("makes a business error not retryable", () => {
    expect(businessError("ALREADY_REFUNDED", "Order ORD-1 was refunded already.")).toMatchObject({
      category: "business",
      retryable: false,
    });
  });

  it("makes a permission error not retryable", () => {
    expect(permissionError("REFUND_FORBIDDEN", "Only supervisors may refund.")).toMatchObject({
      category: "permission",
      retryable: false,
    });
  });

  it("makes an unclassified error not retryable", () => {
    expect(unclassifiedError("TOOL_EXCEPTION", "The tool failed unexpectedly.")).toMatchObject({
      category: "unclassified",
      retryable: false,
    });
  });

  it("documents a meaning and a recovery hint for every category", () => {
    for (const category of ERROR_CATEGORIES) {
      expect(CATEGORY_DEFAULTS[category].meaning.length).toBeGreaterThan(10);
      expect(CATEGORY_DEFAULTS[category].recoveryHint.length).toBeGreaterThan(10);
    }
  });
});
