import { describe, expectTypeOf, it } from "vitest";
import { redactSecrets } from "./stock/redact-secrets.js";
import { thresholdRedirect } from "./stock/threshold-redirect.js";
import type { PreToolDecision, PreToolHook } from "./types.js";

// Checked by the type-check (pnpm typecheck, under exactOptionalPropertyTypes), not at run time: a value
// that may be missing can be passed as it is, and `undefined` means "not given".
const maybe = (): string | undefined => process.env.KEEL_TYPES_TEST;

describe("optional hook inputs accept undefined (exactOptionalPropertyTypes)", () => {
  it("takes undefined for the stock hooks' options", () => {
    expectTypeOf(thresholdRedirect).toBeCallableWith({
      tool: "process_refund",
      field: "amount",
      limit: 500,
      redirectTo: "escalate_to_human",
      approver: maybe(),
      reason: maybe(),
      name: undefined,
      onExceed: undefined,
      timeoutMs: undefined,
    });
    expectTypeOf(redactSecrets).toBeCallableWith({ keys: undefined, patterns: undefined });
  });

  it("takes undefined in a hook written by hand and in the decision it returns", () => {
    const hook: PreToolHook = {
      name: "hold-refunds",
      timeoutMs: undefined,
      decide: (): PreToolDecision => ({
        action: "hold",
        reason: "Needs a person.",
        approver: maybe(),
        hook: undefined,
      }),
    };
    expectTypeOf(hook.timeoutMs).toEqualTypeOf<number | undefined>();
  });
});
