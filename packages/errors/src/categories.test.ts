import { describe, expect, it } from "vitest";
import { CATEGORY_DEFAULTS, ERROR_CATEGORIES } from "./categories.js";
import { CATEGORY_BUILDERS } from "./category-builders.test-helpers.js";
import type { ErrorCategory } from "./types.js";

describe("category defaults", () => {
  it("lists the four categories of the taxonomy, then unclassified", () => {
    expect(ERROR_CATEGORIES).toEqual(["transient", "validation", "business", "permission", "unclassified"]);
  });

  it.each<{ category: ErrorCategory; retryable: boolean; why: string }>([
    { category: "transient", retryable: true, why: "the same call may succeed later" },
    { category: "validation", retryable: true, why: "a retry works once the arguments change" },
    { category: "business", retryable: false, why: "escalate or change plan" },
    { category: "permission", retryable: false, why: "escalate" },
    { category: "unclassified", retryable: false, why: "tell the user or escalate" },
  ])("makes a $category error retryable: $retryable ($why)", ({ category, retryable }) => {
    expect(CATEGORY_BUILDERS[category]("SOME_CODE", "Something happened.")).toMatchObject({
      kind: "error",
      isError: true,
      category,
      retryable,
    });
  });

  it("documents a meaning and a recovery hint for every category", () => {
    for (const category of ERROR_CATEGORIES) {
      expect(CATEGORY_DEFAULTS[category].meaning.length).toBeGreaterThan(10);
      expect(CATEGORY_DEFAULTS[category].recoveryHint.length).toBeGreaterThan(10);
    }
  });
});
