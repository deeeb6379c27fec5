import { describe, expect, it } from "vitest";
import { businessError } from "./builders.js";
import { KeelConfigError, KeelError } from "./keel-error.js";
import { ToolError } from "./tool-error.js";

describe("error classes", () => {
  it("gives a KeelConfigError a code and recognises it as a KeelError", () => {
    const error = new KeelConfigError("BAD_OPTION", "timeoutMs must be positive.");
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("BAD_OPTION");
    expect(error.name).toBe("KeelConfigError");
    expect(KeelError.isInstance(error)).toBe(true);
    expect(KeelConfigError.isInstance(error)).toBe(true);
  });

  it("does not mistake a plain KeelError or Error for a config error", () => {
    expect(KeelConfigError.isInstance(new KeelError("X", "x"))).toBe(false);
    expect(KeelError.isInstance(new Error("x"))).toBe(false);
    expect(KeelError.isInstance(null)).toBe(false);
  });

  it("recognises errors from a duplicated install through the Symbol.for marker", () => {
    const foreign = Object.assign(new Error("x"), { code: "X" });
    Object.defineProperty(foreign, Symbol.for("keel.error"), { value: true });
    Object.defineProperty(foreign, Symbol.for("keel.error.config"), { value: true });
    expect(KeelConfigError.isInstance(foreign)).toBe(true);
  });

  it("keeps the cause of a KeelError", () => {
    const cause = new Error("root");
    expect(new KeelError("X", "x", { cause }).cause).toBe(cause);
  });

  it("carries an outcome in a ToolError, with the outcome's code", () => {
    const outcome = businessError("ALREADY_REFUNDED", "Order ORD-1 was refunded already.");
    const error = new ToolError(outcome);
    expect(error.outcome).toBe(outcome);
    expect(error.code).toBe("ALREADY_REFUNDED");
    expect(ToolError.isInstance(error)).toBe(true);
    expect(KeelError.isInstance(error)).toBe(true);
  });

  it("builds a ToolError from toolError input with the category's defaults", () => {
    const error = new ToolError({ category: "transient", code: "UPSTREAM_TIMEOUT", message: "Timed out." });
    expect(error.outcome).toMatchObject({ category: "transient", retryable: true });
  });

  it("throws a KeelConfigError for a ToolError with an invalid code", () => {
    expect(() => new ToolError({ category: "business", code: "bad code", message: "x" })).toThrow(
      KeelConfigError,
    );
  });
});
