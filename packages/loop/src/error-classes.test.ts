import { businessError, KeelConfigError, KeelError, ToolError } from "@keel/errors";
import { HookConfigError } from "@keel/hooks";
import { TestkitConfigError } from "@keel/testkit";
import { ToolDefinitionError, ToolsetConfigError } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { ModelClientError, RunOptionsError, RunSnapshotError } from "./index.js";

/** Every error class the loop can see, across packages, each with one instance of it. */
const instances = [
  new KeelError("X", "x"),
  new KeelConfigError("X", "x"),
  new ToolError(businessError("ALREADY_REFUNDED", "Refunded already.")),
  new ToolDefinitionError("INVALID_TOOL_NAME", "x"),
  new ToolsetConfigError("NOT_A_TOOL", "x"),
  new HookConfigError("INVALID_HOOK_NAME", "x"),
  new ModelClientError("timeout", "x"),
  new RunOptionsError("x"),
  new RunSnapshotError("INVALID_APPROVAL", "x"),
  new TestkitConfigError("x"),
];
const errorClasses = [
  KeelError,
  KeelConfigError,
  ToolError,
  ToolDefinitionError,
  ToolsetConfigError,
  HookConfigError,
  ModelClientError,
  RunOptionsError,
  RunSnapshotError,
  TestkitConfigError,
];

describe("the error classes of every Keel package", () => {
  it("each have their own declared name", () => {
    const names = errorClasses.map((errorClass) => errorClass.errorName);
    expect(new Set(names).size).toBe(names.length);
    expect(instances.map((error) => error.name)).toEqual(names);
  });

  it.each(errorClasses.map((errorClass) => [errorClass.errorName, errorClass] as const))(
    "%s.isInstance accepts its own and its subclasses' instances, and no other class's",
    (_name, errorClass) => {
      const accepted = instances.filter(errorClass.isInstance).map((error) => error.name);
      const expected = instances.filter((error) => error instanceof errorClass).map((error) => error.name);
      expect(accepted).toEqual(expected);
    },
  );

  it("no longer lets RunOptionsError accept a HookConfigError (its marker was missing)", () => {
    expect(RunOptionsError.isInstance(new HookConfigError("INVALID_HOOK_NAME", "x"))).toBe(false);
    expect(HookConfigError.isInstance(new RunOptionsError("x"))).toBe(false);
  });
});
