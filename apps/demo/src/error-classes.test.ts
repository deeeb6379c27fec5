// Every Keel error class, across every package and app, against every other. It lives in the demo because
// the demo is the lowest place that can import every package's entry points, and it has error classes of
// its own. The keel CLI's UsageError cannot be imported from here (the CLI is bin-only): its own
// usage-error.test.ts checks it the same way.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { KeelConfigError, KeelError, ToolError } from "@keel/errors";
import { HookConfigError } from "@keel/hooks";
import { ModelClientError, RunOptionsError, RunSnapshotError } from "@keel/loop";
import { McpClientError } from "@keel/mcp-client";
import { KeelMcpConfigError } from "@keel/mcp-server";
import { PropagationConfigError } from "@keel/propagation";
import { DataDirLockedError } from "@keel/support-desk/internal";
import { TestkitConfigError } from "@keel/testkit";
import { ToolDefinitionError, ToolsetConfigError } from "@keel/tools";
import { describe, expect, it } from "vitest";
import * as demoArguments from "./arguments.js";
import { DemoUsageError } from "./arguments.js";
import * as demoServerEntries from "./mcp/server-entries.js";
import { MissingServerBuildError } from "./mcp/server-entries.js";

type ErrorClass = typeof KeelError;

const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * What every package and app under packages/ and apps/ exports, by its package.json `exports`
 * (`@keel/tools`, `@keel/testkit/process`, `@keel/tracing`, ...): a new entry point is covered
 * without a change here, once its package is among the demo's devDependencies (knip.json lists the ones
 * only this test imports).
 */
function workspaceEntryPoints(): string[] {
  return ["packages", "apps"].flatMap((group) =>
    readdirSync(join(WORKSPACE, group)).flatMap((folder) => {
      const file = join(WORKSPACE, group, folder, "package.json");
      if (!existsSync(file)) return [];
      const manifest = JSON.parse(readFileSync(file, "utf8")) as {
        name: string;
        exports?: Record<string, unknown>;
      };
      return Object.keys(manifest.exports ?? {})
        .filter((subpath) => subpath !== "./package.json")
        .map((subpath) => `${manifest.name}${subpath.slice(1)}`);
    }),
  );
}

async function importEntryPoint(specifier: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(
      `${specifier} cannot be imported from apps/demo: add its package to its devDependencies`,
      {
        cause: error,
      },
    );
  }
}

function isErrorClass(value: unknown): value is ErrorClass {
  return (
    typeof value === "function" &&
    typeof (value as Partial<ErrorClass>).errorName === "string" &&
    typeof (value as Partial<ErrorClass>).isInstance === "function"
  );
}

const entryPoints = workspaceEntryPoints();
const modules = [
  ...(await Promise.all(entryPoints.map(importEntryPoint))),
  // The demo is bin-only: its modules that declare error classes.
  demoArguments,
  demoServerEntries,
];
/** Each exported error class once (a class may be exported by more than one entry point). */
const errorClasses = [...new Set(modules.flatMap((module) => Object.values(module).filter(isErrorClass)))];

/**
 * One instance of each class. Reflect.construct runs KeelError's constructor with the class as `new.target`,
 * which is the whole of what names an instance and marks it (every subclass constructor ends there through
 * `super`), without knowing each class's own constructor arguments.
 */
const instances = errorClasses.map((errorClass) =>
  errorClass === TestkitConfigError
    ? (new TestkitConfigError("x") as unknown as KeelError)
    : (Reflect.construct(KeelError, ["TEST_CODE", "x"], errorClass) as KeelError),
);

/**
 * The one class that does not extend KeelError: @keel/testkit depends on the wire types alone, so its config
 * error sets KeelConfigError's `Symbol.for` markers itself and counts as a KeelConfigError (and a KeelError).
 */
const FOREIGN_CONFIG_ERRORS: readonly unknown[] = [TestkitConfigError];
const countsAs = (error: unknown, errorClass: ErrorClass) =>
  error instanceof errorClass ||
  (error instanceof TestkitConfigError && (errorClass === KeelConfigError || errorClass === KeelError));
/** Look-alikes no class may accept: the right name and code, but not made by a Keel error class. */
const impostors = [
  Object.assign(new Error("x"), { name: "ToolError", code: "TEST_CODE" }),
  { name: "KeelError", code: "TEST_CODE", message: "x" },
];

describe("the error classes of every Keel package and app", () => {
  it("are found through the packages' exports", () => {
    expect(entryPoints).toEqual(expect.arrayContaining(["@keel/testkit/process", "@keel/tracing"]));
    // The classes known when this test was written: a floor, so a discovery that finds nothing fails.
    const known = [
      KeelError,
      KeelConfigError,
      ToolError,
      ToolDefinitionError,
      ToolsetConfigError,
      HookConfigError,
      ModelClientError,
      RunOptionsError,
      RunSnapshotError,
      McpClientError,
      PropagationConfigError,
      DataDirLockedError,
      TestkitConfigError,
      KeelMcpConfigError,
      DemoUsageError,
      MissingServerBuildError,
    ];
    expect(errorClasses).toEqual(expect.arrayContaining(known));
  });

  it("extend KeelError and each declare their own name, unique across the workspace", () => {
    for (const errorClass of errorClasses) {
      if (FOREIGN_CONFIG_ERRORS.includes(errorClass)) continue;
      expect(errorClass === KeelError || errorClass.prototype instanceof KeelError, errorClass.name).toBe(
        true,
      );
      expect(Object.hasOwn(errorClass, "errorName"), errorClass.name).toBe(true);
    }
    const names = errorClasses.map((errorClass) => errorClass.errorName);
    expect(new Set(names).size).toBe(names.length);
    expect(instances.map((error) => error.name)).toEqual(names);
  });

  it.each(errorClasses.map((errorClass) => [errorClass.errorName, errorClass] as const))(
    "%s.isInstance accepts its own and its subclasses' instances, and no other class's",
    (name, errorClass) => {
      const accepted = instances.filter(errorClass.isInstance).map((error) => error.name);
      const expected = instances.filter((error) => countsAs(error, errorClass)).map((error) => error.name);
      expect(accepted).toContain(name);
      expect(accepted).toEqual(expected);
      expect(impostors.filter(errorClass.isInstance)).toEqual([]);
    },
  );

  it("marks instances made by the demo's own constructors like any other", () => {
    expect(DemoUsageError.isInstance(new DemoUsageError("x"))).toBe(true);
    expect(KeelConfigError.isInstance(new DemoUsageError("x"))).toBe(true);
    expect(KeelMcpConfigError.isInstance(new DemoUsageError("x"))).toBe(false);
    expect(new MissingServerBuildError("keel-mcp", "dist/index.js", "Build it.")).toMatchObject({
      name: "MissingServerBuildError",
      code: "SERVER_NOT_BUILT",
      message: "keel-mcp is not built (dist/index.js is missing). Build it.",
    });
    expect(KeelConfigError.isInstance(new MissingServerBuildError("a", "b", "c"))).toBe(false);
  });
});
