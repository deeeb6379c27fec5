import * as errors from "@keel/errors";
import { KeelConfigError, KeelError } from "@keel/errors";
import * as loop from "@keel/loop";
import * as mcpClient from "@keel/mcp-client";
import * as mcpServer from "@keel/mcp-server";
import * as supportDesk from "@keel/support-desk";
import * as testkit from "@keel/testkit";
import * as tools from "@keel/tools";
import { describe, expect, it } from "vitest";
import { UsageError } from "./usage-error.js";

/**
 * Every error class exported by the packages the CLI imports. The CLI is bin-only, so apps/demo's
 * error-classes.test.ts, which checks every other class against each other, cannot import UsageError: this
 * file checks it against them the same way.
 */
const otherClasses = [
  ...new Set(
    [errors, loop, mcpClient, mcpServer, supportDesk, testkit, tools].flatMap((module) =>
      Object.values(module).filter(
        (value): value is typeof KeelError =>
          typeof value === "function" && "errorName" in value && "isInstance" in value,
      ),
    ),
  ),
];

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
    expect(otherClasses).toEqual(
      expect.arrayContaining([KeelError, KeelConfigError, mcpServer.KeelMcpConfigError]),
    );
    const usageError = new UsageError("x");
    for (const other of otherClasses) {
      // KeelError's constructor with the class as new.target names and marks an instance as the class's own would.
      const instance = Reflect.construct(KeelError, ["TEST_CODE", "x"], other);
      expect(other.errorName).not.toBe(UsageError.errorName);
      expect(UsageError.isInstance(instance), other.errorName).toBe(false);
      expect(other.isInstance(usageError), other.errorName).toBe(usageError instanceof other);
    }
  });
});
