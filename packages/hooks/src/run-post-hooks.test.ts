import { success, type ToolOutcome, validEmpty } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { definePostHook } from "./define-hook.js";
import { makeCall, makeContext } from "./hook-context.test-helpers.js";
import { runPostHooks } from "./run-post-hooks.js";
import type { PostToolHook } from "./types.js";

const call = makeCall("get_customer_by_id", { customer_id: "C-1" });
const secretRecord = success({ id: "C-1", ssn: "078-05-1120" });

const appendToData = (name: string) =>
  definePostHook(name, (_call, outcome) =>
    outcome.kind === "success" ? success([...(outcome.data as string[]), name]) : outcome,
  );

describe("runPostHooks", () => {
  it("returns the outcome unchanged when there are no hooks", async () => {
    expect(await runPostHooks([], call, secretRecord, makeContext())).toBe(secretRecord);
  });

  it("passes each hook the previous hook's output, in order", async () => {
    const outcome = await runPostHooks(
      [appendToData("a"), appendToData("b")],
      call,
      success([]),
      makeContext(),
    );
    expect(outcome).toEqual(success(["a", "b"]));
  });

  it("hands hooks the call that ran and the run context", async () => {
    const context = makeContext({ iteration: 7 });
    let seen: [string, number] | undefined;
    const observer = definePostHook("observer", (ranCall, outcome, hookContext) => {
      seen = [ranCall.name, hookContext.iteration];
      return outcome;
    });
    await runPostHooks([observer], call, secretRecord, context);
    expect(seen).toEqual(["get_customer_by_id", 7]);
  });

  const expectWithheld = (outcome: ToolOutcome, hook: string, failure: string) => {
    expect(outcome).toMatchObject({
      kind: "error",
      category: "unclassified",
      code: "HOOK_FAILED",
      retryable: false,
      details: { hook, failure, tool: "get_customer_by_id" },
    });
    expect(JSON.stringify(outcome)).not.toContain("078-05-1120");
  };

  it("replaces the outcome with HOOK_FAILED when a hook throws, so unfiltered data never enters history", async () => {
    const throwing = definePostHook("pii-filter", () => {
      throw new Error("filter crashed on 078-05-1120");
    });
    expectWithheld(await runPostHooks([throwing], call, secretRecord, makeContext()), "pii-filter", "threw");
  });

  it("does not run later hooks after a failure", async () => {
    let laterRan = false;
    const later = definePostHook("later", (_call, outcome) => {
      laterRan = true;
      return outcome;
    });
    const throwing = definePostHook("broken", () => {
      throw new Error("x");
    });
    await runPostHooks([throwing, later], call, secretRecord, makeContext());
    expect(laterRan).toBe(false);
  });

  it("replaces the outcome when a hook times out", async () => {
    const hanging = definePostHook("slow-filter", () => new Promise<ToolOutcome>(() => {}), { timeoutMs: 5 });
    expectWithheld(
      await runPostHooks([hanging], call, secretRecord, makeContext()),
      "slow-filter",
      "timeout",
    );
  });

  it.each([
    ["undefined", undefined],
    ["the bare data", { id: "C-1", ssn: "078-05-1120" }],
    ["a half outcome", { kind: "success", data: { ssn: "078-05-1120" } }],
  ])("replaces the outcome when a hook returns %s", async (_label, garbage) => {
    const broken: PostToolHook = definePostHook("broken", () => garbage as ToolOutcome);
    expectWithheld(
      await runPostHooks([broken], call, secretRecord, makeContext()),
      "broken",
      "invalid_result",
    );
  });

  it("keeps a valid outcome of another kind that a hook returns on purpose", async () => {
    const hide = definePostHook("hide", () => validEmpty("CUSTOMER_HIDDEN", "The record is not shown here."));
    expect(await runPostHooks([hide], call, secretRecord, makeContext())).toMatchObject({ kind: "empty" });
  });
});
