import { describe, expect, it } from "vitest";
import { businessError, success, validEmpty } from "./builders.js";
import { isErrorOutcome, isToolOutcome } from "./guards.js";

describe("guards", () => {
  it("recognises every built outcome", () => {
    for (const outcome of [
      success(null),
      validEmpty("ORDER_NOT_FOUND", "None."),
      businessError("OVER_LIMIT", "No."),
    ]) {
      expect(isToolOutcome(outcome)).toBe(true);
    }
  });

  it.each([
    null,
    "success",
    { kind: "success", isError: true, data: 1 },
    { kind: "success", isError: false },
    { kind: "empty", isError: false, code: "X" },
    { kind: "error", isError: true, category: "fatal", code: "X", message: "m", retryable: false },
    { kind: "error", isError: true, category: "business", code: "X", message: "m" },
    {
      kind: "error",
      isError: true,
      category: "transient",
      code: "X",
      message: "m",
      retryable: true,
      retryAfterMs: -1,
    },
    {
      kind: "error",
      isError: true,
      category: "business",
      code: "X",
      message: "m",
      retryable: false,
      details: [1],
    },
  ])("rejects the malformed value %j", (value) => {
    expect(isToolOutcome(value)).toBe(false);
  });

  it("tells errors apart from successes and valid empties", () => {
    expect(isErrorOutcome(businessError("OVER_LIMIT", "No."))).toBe(true);
    expect(isErrorOutcome(validEmpty("ORDER_NOT_FOUND", "None."))).toBe(false);
    expect(isErrorOutcome({ kind: "error" })).toBe(false);
  });
});
