import { KeelConfigError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { definePostHook, definePreHook } from "./define-hook.js";
import { HookConfigError } from "./hook-config-error.js";

describe("definePreHook / definePostHook", () => {
  it("returns a frozen hook carrying the name, the function and the timeout", () => {
    const decide = () => ({ action: "allow" }) as const;
    const hook = definePreHook("allow-all", decide, { timeoutMs: 250 });
    expect(hook).toEqual({ name: "allow-all", decide, timeoutMs: 250 });
    expect(Object.isFrozen(hook)).toBe(true);
  });

  it("leaves timeoutMs out when none is given", () => {
    const hook = definePostHook("identity", (_call, outcome) => outcome);
    expect("timeoutMs" in hook).toBe(false);
  });

  it("rejects an empty name with a typed configuration error", () => {
    const attempt = () => definePreHook("  ", () => ({ action: "allow" }));
    expect(attempt).toThrow(HookConfigError);
    try {
      attempt();
    } catch (error) {
      expect(HookConfigError.isInstance(error)).toBe(true);
      expect(KeelConfigError.isInstance(error)).toBe(true);
      expect((error as HookConfigError).code).toBe("INVALID_HOOK_NAME");
    }
  });

  it("rejects a missing function", () => {
    expect(() => definePostHook("broken", undefined as never)).toThrow(/needs a function/);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])("rejects the timeout %s", (timeoutMs) => {
    expect(() => definePreHook("slow", () => ({ action: "allow" }), { timeoutMs })).toThrow(HookConfigError);
  });
});
