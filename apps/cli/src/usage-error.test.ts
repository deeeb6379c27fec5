import { KeelConfigError } from "@keel/errors";
import { ModelClientError } from "@keel/loop";
import { ToolDefinitionError } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { UsageError } from "./usage-error.js";

describe("UsageError", () => {
  it("is a KeelConfigError with code USAGE, which main turns into exit code 2", () => {
    const error = new UsageError('Unknown option "--fast".');
    expect([error.name, error.code, error.message]).toEqual([
      "UsageError",
      "USAGE",
      'Unknown option "--fast".',
    ]);
    expect(KeelConfigError.isInstance(error)).toBe(true);
  });

  it("is not mistaken for, and does not accept, another Keel error", () => {
    expect(UsageError.isInstance(new ToolDefinitionError("INVALID_TOOL_NAME", "x"))).toBe(false);
    expect(UsageError.isInstance(new ModelClientError("bad_request", "x"))).toBe(false);
    expect(UsageError.isInstance(new KeelConfigError("USAGE", "x"))).toBe(false);
    expect(ToolDefinitionError.isInstance(new UsageError("x"))).toBe(false);
  });
});
