import { KeelConfigError } from "@keel/errors";
import { HookConfigError } from "@keel/hooks";
import { RunOptionsError } from "@keel/loop";
import { describe, expect, it } from "vitest";
import { KeelMcpConfigError } from "./config-error.js";

describe("KeelMcpConfigError", () => {
  it("is the server's own KeelConfigError, and no other package's error passes for it", () => {
    const error = new KeelMcpConfigError("TOKEN_REQUIRED", "A public bind needs a token.");
    expect([error.name, error.code]).toEqual(["KeelMcpConfigError", "TOKEN_REQUIRED"]);
    expect(KeelConfigError.isInstance(error)).toBe(true);
    expect(HookConfigError.isInstance(error) || RunOptionsError.isInstance(error)).toBe(false);
    expect(KeelMcpConfigError.isInstance(new HookConfigError("INVALID_HOOK_OPTIONS", "x"))).toBe(false);
    expect(KeelMcpConfigError.isInstance(new KeelConfigError("USAGE", "x"))).toBe(false);
  });
});
