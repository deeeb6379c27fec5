import { KeelConfigError, KeelError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { UsageError } from "./usage-error.js";

/*
 * apps/demo's error-classes.test.ts checks every exported Keel error class against every other; it cannot
 * import UsageError (the CLI is bin-only), so this file checks what is UsageError's own: its name, its code,
 * and an isInstance that tells it from its parents and from a sibling with the same code.
 */

/** A sibling as other programs have one (keel-mcp's KeelMcpConfigError USAGE, the demo's DemoUsageError). */
class OtherUsageError extends KeelConfigError<"USAGE"> {
  static override readonly errorName = "OtherUsageError";
}

describe("UsageError", () => {
  it("is a KeelConfigError with code USAGE, which main turns into exit code 2", () => {
    const error = new UsageError('Unknown option "--fast".');
    expect([error.name, error.code, error.message]).toEqual([
      "UsageError",
      "USAGE",
      'Unknown option "--fast".',
    ]);
    expect(Object.hasOwn(UsageError, "errorName")).toBe(true);
    expect(KeelConfigError.isInstance(error)).toBe(true);
    expect(KeelError.isInstance(error)).toBe(true);
  });

  it("is not mistaken for its parents, a sibling with the same code, or a look-alike", () => {
    const others = [
      new KeelError("USAGE", "x"),
      new KeelConfigError("USAGE", "x"),
      new OtherUsageError("USAGE", "x"),
      Object.assign(new Error("x"), { name: "UsageError", code: "USAGE" }),
      { name: "UsageError", code: "USAGE", message: "x" },
    ];
    for (const other of others) expect(UsageError.isInstance(other)).toBe(false);
    expect(OtherUsageError.isInstance(new UsageError("x"))).toBe(false);
  });
});
