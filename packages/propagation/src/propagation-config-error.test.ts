import { KeelConfigError } from "@keel/errors";
import { RunOptionsError } from "@keel/loop";
import { ToolDefinitionError } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { PropagationConfigError } from "./propagation-config-error.js";

describe("PropagationConfigError", () => {
  it("is a KeelConfigError with its own name and code", () => {
    const error = new PropagationConfigError("maxIterations must be at least 1.");
    expect(KeelConfigError.isInstance(error)).toBe(true);
    expect(error.name).toBe("PropagationConfigError");
    expect(error.code).toBe("INVALID_PROPAGATION_OPTIONS");
  });

  it("neither accepts nor passes for another package's config error", () => {
    const error = new PropagationConfigError("x");
    expect(RunOptionsError.isInstance(error)).toBe(false);
    expect(ToolDefinitionError.isInstance(error)).toBe(false);
    expect(PropagationConfigError.isInstance(new RunOptionsError("x"))).toBe(false);
    expect(PropagationConfigError.isInstance(new KeelConfigError("INVALID_PROPAGATION_OPTIONS", "x"))).toBe(
      false,
    );
  });
});
