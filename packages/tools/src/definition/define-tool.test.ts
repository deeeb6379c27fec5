import { KeelConfigError, success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { lookupOrder } from "../description/reference-tools.test-helpers.js";
import type { ToolSpec } from "../types.js";
import { defineTool } from "./define-tool.js";
import { definitionError } from "./definition.test-helpers.js";

const spec = {
  ...lookupOrder,
  input: z.object({ orderId: z.string().describe("e.g. ORD-12345") }),
  effect: "read",
  handler: () => success({ status: "shipped" }),
} satisfies ToolSpec;

describe("defineTool", () => {
  it("renders the description once into renderedDescription", () => {
    const tool = defineTool(spec);
    expect(tool.renderedDescription).toContain(
      "Use when:\n- the user gives an order number like #12345 or ORD-…\n",
    );
    expect(tool.renderedDescription).toContain("— use get_customer instead.");
  });

  it("computes the input JSON schema from zod, without $schema", () => {
    expect(defineTool(spec).inputJsonSchema).toEqual({
      type: "object",
      properties: { orderId: { type: "string", description: "e.g. ORD-12345" } },
      required: ["orderId"],
    });
  });

  it("computes the output JSON schema when an output schema is given", () => {
    const tool = defineTool({ ...spec, output: z.object({ status: z.string() }) });
    expect(tool.outputJsonSchema).toMatchObject({ type: "object", required: ["status"] });
  });

  it("returns a frozen tool whose schemas cannot be changed by a caller", () => {
    const tool = defineTool(spec);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.isFrozen(tool.inputJsonSchema.properties)).toBe(true);
  });

  it.each(["", "lookup order", "lookup.order", "x".repeat(65), "café", "order/lookup"])(
    "refuses the name %j with a typed KeelConfigError",
    (name) => {
      const error = definitionError(() => defineTool({ ...spec, name }));
      expect(error.code).toBe("INVALID_TOOL_NAME");
      expect(KeelConfigError.isInstance(error)).toBe(true);
    },
  );

  it.each(["a", "lookup_order", "lookup-order", "LookupOrder2", "x".repeat(64)])(
    "accepts the name %j",
    (name) => {
      expect(defineTool({ ...spec, name }).name).toBe(name);
    },
  );

  it("refuses an input schema that is not an object", () => {
    expect(definitionError(() => defineTool({ ...spec, input: z.string() })).code).toBe(
      "INVALID_TOOL_SCHEMA",
    );
  });

  it("refuses an input schema JSON Schema cannot express", () => {
    const error = definitionError(() => defineTool({ ...spec, input: z.object({ when: z.date() }) }));
    expect(error.code).toBe("INVALID_TOOL_SCHEMA");
    expect(error.cause).toBeDefined();
  });

  it("refuses an empty description", () => {
    expect(definitionError(() => defineTool({ ...spec, description: "  " })).code).toBe(
      "INVALID_TOOL_DESCRIPTION",
    );
    const noDoes = { ...spec.description, does: "" };
    expect(definitionError(() => defineTool({ ...spec, description: noDoes })).code).toBe(
      "INVALID_TOOL_DESCRIPTION",
    );
  });

  it("refuses a boundary whose sibling is not a valid tool name or is the tool itself", () => {
    const badSibling = { ...spec.description, doNotUseWhen: [{ when: "x", useInstead: "get customer" }] };
    expect(definitionError(() => defineTool({ ...spec, description: badSibling })).code).toBe(
      "INVALID_TOOL_DESCRIPTION",
    );
    const self = { ...spec.description, doNotUseWhen: [{ when: "x", useInstead: "lookup_order" }] };
    expect(definitionError(() => defineTool({ ...spec, description: self })).code).toBe(
      "INVALID_TOOL_DESCRIPTION",
    );
  });

  it("refuses a timeout that is not a positive number", () => {
    expect(definitionError(() => defineTool({ ...spec, timeoutMs: 0 })).code).toBe("INVALID_TOOL_OPTION");
    expect(definitionError(() => defineTool({ ...spec, timeoutMs: Number.NaN })).code).toBe(
      "INVALID_TOOL_OPTION",
    );
  });

  it("refuses reuse on a write tool", () => {
    expect(definitionError(() => defineTool({ ...spec, effect: "write", reuse: true })).code).toBe(
      "INVALID_TOOL_OPTION",
    );
  });

  it("refuses a zod 3 schema with the versions named, not a bare 'must be a zod schema'", () => {
    const old = { ...spec, input: z3.object({ order_id: z3.string() }) } as unknown as ToolSpec;
    const error = definitionError(() => defineTool(old));
    expect(error.code).toBe("INVALID_TOOL_OPTION");
    expect(error.message).toContain(
      `Tool "lookup_order": input is a zod 3 schema, but Keel needs a zod 4 schema (its peer dependency is ` +
        `zod@^4.0.0; the zod 4 it found is ${z.core.version.major}.${z.core.version.minor}.`,
    );
    expect(error.message).toContain("npm i zod@^4");
    expect(error.message).toContain(
      'while your project is on zod 3.25, build this tool\'s schemas with import { z } from "zod/v4"',
    );
    const output = { ...spec, output: z3.object({ ok: z3.boolean() }) } as unknown as ToolSpec;
    expect(definitionError(() => defineTool(output)).message).toMatch(/output is a zod 3 schema/);
    const notZod = { ...spec, input: { type: "object" } } as unknown as ToolSpec;
    expect(definitionError(() => defineTool(notZod)).message).toMatch(/input must be a zod schema, e\.g\./);
  });

  it("refuses an effect other than read or write", () => {
    const loose = { ...spec, effect: "delete" } as unknown as ToolSpec;
    expect(definitionError(() => defineTool(loose)).code).toBe("INVALID_TOOL_OPTION");
  });

  it("accepts a plain string description (the linter judges it, not defineTool)", () => {
    expect(defineTool({ ...spec, description: "Retrieves order information." }).renderedDescription).toBe(
      "Retrieves order information.",
    );
  });
});
