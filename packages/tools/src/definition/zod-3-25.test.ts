/**
 * A project that still ships zod 3.25 (npm --legacy-peer-deps, or pnpm, which only warns about the peer):
 * there "zod" is zod 3 and "zod/v4" is the zod 4 bundled inside it. Keel is loaded afresh with both
 * pointing at that real package (the `zod3` alias of zod@3.25.76), as it would load in such a project.
 * Test files share one module graph per worker, so the mocks and the fresh modules are undone afterwards.
 */
import { success } from "@keel/errors";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as zod3 from "zod3";
import { z as z4 } from "zod3/v4";
import { contextFor, validateAndRun } from "../toolset/toolset.test-helpers.js";
import type { ToolSpec } from "../types.js";
import { definitionError } from "./definition.test-helpers.js";

let keel: typeof import("../index.js");
let keelInternal: typeof import("../internal.js");

beforeAll(async () => {
  vi.resetModules();
  vi.doMock("zod", () => import("zod3"));
  vi.doMock("zod/v4", () => import("zod3/v4"));
  keel = await import("../index.js");
  keelInternal = await import("../internal.js");
});

afterAll(() => {
  vi.doUnmock("zod");
  vi.doUnmock("zod/v4");
  vi.resetModules();
});

describe("on zod 3.25", () => {
  it("Keel's own tools load and work (they are built with zod/v4)", async () => {
    expect(z4.core.version.major).toBe(4);
    const toolset = keel.createToolset([keel.calculatorTool]);
    expect(toolset.anthropicTools[0]).toMatchObject({
      input_schema: { properties: { expression: { type: "string" } } },
    });
    expect(
      await validateAndRun(
        toolset,
        { id: "t", name: "calculator", input: { expression: "2 * 21" } },
        contextFor(),
      ),
    ).toEqual(success(42));
    const invalid = toolset.validate({ id: "t", name: "calculator", input: { expression: 7 } });
    expect(!invalid.ok && invalid.outcome.kind === "error" && invalid.outcome.message).toContain(
      "- expression: must be a string, got 7",
    );
  });

  it("a zod 3 schema gets an error naming both versions and the fix, and blames the caller's tool", () => {
    const spec = {
      name: "lookup_order",
      description: "Looks up one order. Use when the user gives an order number.",
      input: zod3.z.object({ order_id: zod3.z.string() }),
      effect: "read",
      handler: () => success(null),
    } as unknown as ToolSpec;
    const error = definitionError(() => keel.defineTool(spec));
    expect(error.code).toBe("INVALID_TOOL_OPTION");
    expect(error.message).toBe(
      'Tool "lookup_order": input is a zod 3 schema, but Keel needs a zod 4 schema (its peer dependency is ' +
        'zod@^4.0.0; the zod 4 it found is 4.0.0, from "zod/v4"). Install zod 4 (npm i zod@^4) and import ' +
        '{ z } from "zod", or, while your project is on zod 3.25, build this tool\'s schemas with import { z } ' +
        'from "zod/v4".',
    );
    expect(error.message).not.toContain("calculator");
  });

  it("a schema from zod/v4 defines a tool that validates and runs", async () => {
    const lookup = keel.defineTool({
      name: "lookup_order",
      description: "Looks up one order. Use when the user gives an order number.",
      input: z4.object({ order_id: z4.string().min(3), quantity: z4.int().positive().optional() }),
      effect: "read",
      handler: ({ order_id }: { order_id: string }) => success({ order_id }),
    } as unknown as ToolSpec);
    expect(lookup.inputJsonSchema).toMatchObject({ type: "object", required: ["order_id"] });
    const toolset = keel.createToolset([lookup]);
    expect(
      await validateAndRun(
        toolset,
        { id: "t", name: "lookup_order", input: { order_id: "ORD-1" } },
        contextFor(),
      ),
    ).toEqual(success({ order_id: "ORD-1" }));
    const invalid = toolset.validate({
      id: "t",
      name: "lookup_order",
      input: { order_id: "x", quantity: 0 },
    });
    if (invalid.ok || invalid.outcome.kind !== "error") throw new Error("expected a validation failure");
    expect(invalid.outcome.details?.fields).toEqual([
      { path: "order_id", problem: "must be at least 3 characters long, got 1 character" },
      { path: "quantity", problem: "must be greater than 0, got 0" },
    ]);
  });

  it("a JSON Schema tool still defines (validated as an object where zod/v4 has no fromJSONSchema)", async () => {
    const tool = keelInternal.defineJsonSchemaTool({
      name: "sum",
      description: "Adds two numbers. Use when asked for a sum.",
      inputSchema: { type: "object", properties: { a: { type: "number" } } },
      effect: "read",
      handler: () => success(1),
    });
    const toolset = keel.createToolset([tool]);
    expect(await validateAndRun(toolset, { id: "t", name: "sum", input: { a: 1 } }, contextFor())).toEqual(
      success(1),
    );
    expect(toolset.validate({ id: "t", name: "sum", input: [1] })).toMatchObject({ ok: false });
  });
});
